/** A back-office page's title: "{title} | Hotellguiden Admin". */
export const adminTitle = (title: string) => `${title} | Hotellguiden Admin`;

/** Back-office pages are never indexed. */
export const ADMIN_ROBOTS = { name: "robots", content: "noindex, nofollow" } as const;

/** Every back-office page: "{title} | Hotellguiden Admin", never indexed. */
export function adminMeta(title: string) {
  return [{ title: adminTitle(title) }, ADMIN_ROBOTS];
}
