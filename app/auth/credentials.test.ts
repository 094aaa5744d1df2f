import { describe, expect, it } from "vitest";
import {
  CREDENTIAL_MESSAGES,
  credentialErrors,
  credentialsSchema,
  emailProblem,
  newAccountSchema,
  passwordProblem,
} from "./credentials.ts";
import { normalizeEmail } from "#app/utils/fold-text.ts";

describe("normalizeEmail", () => {
  it("trims and lowercases", () => {
    expect(normalizeEmail("  Anna.Andersson@Exempel.SE \n")).toBe("anna.andersson@exempel.se");
    expect(normalizeEmail("")).toBe("");
  });
});

describe("passwordProblem", () => {
  it("accepts 8 to 128 characters", () => {
    expect(passwordProblem("12345678")).toBeNull();
    expect(passwordProblem("x".repeat(128))).toBeNull();
    expect(passwordProblem("korrekt häst batteri häftklammer")).toBeNull();
  });
  it("asks for at least 8 characters", () => {
    expect(passwordProblem("1234567")).toBe("Lösenordet måste vara minst 8 tecken.");
    expect(passwordProblem(" ")).toBe("Lösenordet måste vara minst 8 tecken.");
  });
  it("allows at most 128 characters", () => {
    expect(passwordProblem("x".repeat(129))).toBe("Lösenordet får vara högst 128 tecken.");
  });
  it("counts characters, not UTF-16 units", () => {
    expect(passwordProblem("🔑".repeat(8))).toBeNull();
    expect(passwordProblem("🔑".repeat(7))).toBe(CREDENTIAL_MESSAGES.passwordTooShort);
    expect(passwordProblem("🔑".repeat(128))).toBeNull();
  });
  it("turns down a password of only whitespace", () => {
    expect(passwordProblem("        ")).toBe("Lösenordet får inte bestå av bara blanksteg.");
    expect(passwordProblem("\t \n \t \n ")).toBe(CREDENTIAL_MESSAGES.passwordBlank);
  });
  it("keeps spaces around a password significant (they are not trimmed away)", () => {
    expect(passwordProblem("  abc  ")).toBe(CREDENTIAL_MESSAGES.passwordTooShort);
    expect(passwordProblem("  abcd  ")).toBeNull();
  });
  it("asks for a password when there is none", () => {
    expect(passwordProblem("")).toBe("Ange ditt lösenord.");
  });
});

describe("emailProblem", () => {
  it("asks for an address, then a valid one", () => {
    expect(emailProblem("   ")).toBe("Ange din e-postadress.");
    expect(emailProblem("anna")).toBe("Ange en giltig e-postadress.");
    expect(emailProblem("anna@")).toBe("Ange en giltig e-postadress.");
    expect(emailProblem(" Anna@Exempel.se ")).toBeNull();
  });
  it("limits the length", () => {
    expect(emailProblem(`${"a".repeat(250)}@x.se`)).toBe(CREDENTIAL_MESSAGES.emailTooLong);
  });
});

describe("credentialsSchema (sign-in)", () => {
  it("normalises the address and keeps the password as typed", () => {
    const result = credentialsSchema.safeParse({ email: " Anna@Exempel.SE ", password: " kort " });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ email: "anna@exempel.se", password: " kort " });
  });
  it("only requires a password, whatever its length", () => {
    expect(credentialsSchema.safeParse({ email: "a@b.se", password: "x" }).success).toBe(true);
  });
  it.each([
    [{}, { email: "Ange din e-postadress.", password: "Ange ditt lösenord." }],
    [
      { email: "", password: "" },
      { email: "Ange din e-postadress.", password: "Ange ditt lösenord." },
    ],
    [{ email: "inte-en-adress", password: "hemligt123" }, { email: "Ange en giltig e-postadress." }],
    [{ email: "a@b.se", password: undefined }, { password: "Ange ditt lösenord." }],
  ])("reports %o as %o", (input, errors) => {
    const result = credentialsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(credentialErrors(result.error!)).toEqual(errors);
  });
});

describe("newAccountSchema (sign-up)", () => {
  it("accepts a good account", () => {
    expect(newAccountSchema.safeParse({ email: "a@b.se", password: "hemligt123" }).data).toEqual({
      email: "a@b.se",
      password: "hemligt123",
    });
  });
  it.each([
    ["kort", "Lösenordet måste vara minst 8 tecken."],
    ["x".repeat(129), "Lösenordet får vara högst 128 tecken."],
    ["          ", "Lösenordet får inte bestå av bara blanksteg."],
    ["", "Ange ditt lösenord."],
  ])("turns down the password %j with one message", (password, message) => {
    const result = newAccountSchema.safeParse({ email: "a@b.se", password });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(1);
    expect(credentialErrors(result.error!)).toEqual({ password: message });
  });
  it("reports a bad address and a weak password together", () => {
    const result = newAccountSchema.safeParse({ email: "x", password: "kort" });
    expect(credentialErrors(result.error!)).toEqual({
      email: "Ange en giltig e-postadress.",
      password: "Lösenordet måste vara minst 8 tecken.",
    });
  });
  it("never puts the password into an error", () => {
    const result = newAccountSchema.safeParse({ email: "x", password: "hemlis1" });
    expect(JSON.stringify(result.error!.issues)).not.toContain("hemlis1");
  });
});
