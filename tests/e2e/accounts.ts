/** The administrator the e2e server creates at start-up (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "e2e-admin@hotellguiden.test", password: "e2e-admin-lösenord" } as const;
