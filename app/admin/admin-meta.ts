/** Every back-office page: "{title} | Hotellguiden Admin", never indexed. */
export function adminMeta(title: string) {
  return [{ title: `${title} | Hotellguiden Admin` }, { name: "robots", content: "noindex, nofollow" }];
}
