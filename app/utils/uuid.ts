/**
 * Ids of the app's rows (users, posts, jobs, messages, destinations) are UUIDs. Checking one
 * before it reaches a query keeps nonsense such as 36 hyphens from failing in PostgreSQL's
 * uuid type (a 500) instead of finding nothing.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);
