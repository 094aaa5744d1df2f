/** "350 m till Centralstationen" → 350, "1,2 km till …" → 1200 (a card's distance, in metres). */
export const metres = (text: string) => {
  const match = /^([\d\s,]+)\s(m|km) till /.exec(text.replace(/\u00a0/g, " "));
  if (!match) throw new Error(`not a distance: ${text}`);
  const value = Number(match[1]!.replace(/\s/g, "").replace(",", "."));
  return match[2] === "km" ? value * 1000 : value;
};
