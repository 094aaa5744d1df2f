/**
 * What every sign-in provider offers (Supabase Auth in production, a local
 * provider for the embedded default). Messages in results are Swedish and safe to show.
 */
export interface AuthUser {
  id: string;
  email: string;
}

/** Provider tokens (Supabase); the local provider has none. */
export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

export type AuthErrorCode =
  "invalid_credentials" | "weak_password" | "missing_fields" | "email_taken" | "email_not_confirmed" | "unavailable";

export interface AuthFailure {
  ok: false;
  code: AuthErrorCode;
  /** Swedish, for the visitor (shown under 'Inloggningen misslyckades' / 'Registreringen misslyckades'). */
  message: string;
}

export type SignInResult = { ok: true; user: AuthUser; tokens: AuthTokens | null } | AuthFailure;

export type SignUpResult = { ok: true; user: AuthUser | null; tokens: AuthTokens | null; needsConfirmation: boolean } | AuthFailure;

export type RefreshResult = { ok: true; tokens: AuthTokens; user: AuthUser } | AuthFailure;

export interface AuthProvider {
  readonly name: "local" | "supabase";
  signIn(email: string, password: string): Promise<SignInResult>;
  signUp(email: string, password: string, data?: Record<string, unknown>): Promise<SignUpResult>;
  /** Ends the provider's session (Supabase: POST logout with scope); nothing for local. */
  signOut(tokens: AuthTokens | null, scope?: "global" | "local" | "others"): Promise<void>;
  /** Exchanges a refresh token for new tokens; the local provider never needs to. */
  refresh(refreshToken: string): Promise<RefreshResult>;
  /** The user behind an access token, or null when the token is no longer valid. */
  getUser(tokens: AuthTokens | null, userId: string): Promise<AuthUser | null>;
}
