/**
 * The words of the price alerts' e-mail, in Swedish, as plain text and as simple HTML (the same
 * content), with the one-click unsubscribe of RFC 8058: `List-Unsubscribe` names an https link
 * that ends the alert on a POST of `List-Unsubscribe=One-Click`, and `List-Unsubscribe-Post` says
 * so. No I/O: the links come in ready-made.
 */
import { formatSek } from "#app/utils/money.ts";
import { hasDates, stayLabel, type Stay } from "#app/utils/stay.ts";

export interface MailLinks {
  /** The one-click unsubscribe link of this alert (absolute). */
  unsubscribe: string;
  /** The page that deletes the address and all its alerts (absolute). */
  forget: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

interface AlertSubject {
  hotelName: string;
  stay: Stay;
  targetPrice: number | null;
  siteName: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** 'för 12–14 mars, 2 nätter, 2 vuxna, 1 rum' or, without dates, 'utan datum (lägsta pris per natt), 2 vuxna, 1 rum'. */
const stayText = (stay: Stay) => (hasDates(stay) ? `för ${stayLabel(stay)}` : `utan datum (lägsta pris per natt), ${stayLabel(stay)}`);

const targetText = (target: number | null) => (target === null ? null : `Du vill veta när priset är under ${formatSek(target)}.`);

function footer(links: MailLinks, siteName: string) {
  const text = [
    "",
    "--",
    `Du får det här mejlet för att någon (förhoppningsvis du) bad om en prisbevakning på ${siteName}.`,
    `Avsluta bevakningen: ${links.unsubscribe}`,
    `Radera din adress och alla dina bevakningar: ${links.forget}`,
  ];
  const html = `<hr><p style="color:#555;font-size:13px">Du får det här mejlet för att någon (förhoppningsvis du) bad om en prisbevakning på ${escapeHtml(siteName)}.<br>
<a href="${escapeHtml(links.unsubscribe)}">Avsluta bevakningen</a> · <a href="${escapeHtml(links.forget)}">Radera din adress och alla dina bevakningar</a></p>`;
  return { text, html };
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;line-height:1.5;color:#111">${body}</body></html>`;
}

/** RFC 8058: the link to POST to, and the header that says a POST there is all it takes. */
const unsubscribeHeaders = (links: MailLinks) => ({
  "List-Unsubscribe": `<${links.unsubscribe}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/** The double opt-in: a link to the page where the visitor confirms (a GET confirms nothing: mail scanners follow links). */
export function confirmationMail(alert: AlertSubject, confirmLink: string, links: MailLinks): MailContent {
  const subject = `Bekräfta din prisbevakning för ${alert.hotelName}`;
  const what = `Du har bett oss bevaka priset på ${alert.hotelName} ${stayText(alert.stay)}.`;
  const target = targetText(alert.targetPrice);
  const end = footer(links, alert.siteName);
  const text = [
    "Hej!",
    "",
    what,
    ...(target ? [target] : []),
    "",
    "Bekräfta bevakningen här (länken gäller i 7 dagar):",
    confirmLink,
    "",
    "Har du inte bett om det här? Då behöver du inte göra något: utan bekräftelse skickar vi inget mer.",
    ...end.text,
  ].join("\n");
  const html = page(
    subject,
    `<p>Hej!</p><p>${escapeHtml(what)}${target ? `<br>${escapeHtml(target)}` : ""}</p>
<p><a href="${escapeHtml(confirmLink)}" style="font-weight:bold">Bekräfta bevakningen</a> (länken gäller i 7 dagar)</p>
<p>Har du inte bett om det här? Då behöver du inte göra något: utan bekräftelse skickar vi inget mer.</p>${end.html}`,
  );
  return { subject, text, html, headers: unsubscribeHeaders(links) };
}

/** The alert: the price now, the partner that sells it, and the hotel page with the stay. */
export function priceAlertMail(
  alert: AlertSubject,
  found: { price: number; partnerName: string; hotelLink: string },
  links: MailLinks,
): MailContent {
  const price = hasDates(alert.stay) ? formatSek(found.price) : `från ${formatSek(found.price)} / natt`;
  const subject = `Lägre pris: ${alert.hotelName} ${price}`;
  const line = `${alert.hotelName} kostar nu ${price} hos ${found.partnerName} ${stayText(alert.stay)}.`;
  const target = targetText(alert.targetPrice);
  const end = footer(links, alert.siteName);
  const text = [
    "Hej!",
    "",
    line,
    ...(target ? [target] : []),
    "",
    "Jämför priserna och boka:",
    found.hotelLink,
    "",
    "Priser ändras snabbt; det är partnerns pris när du bokar som gäller. Vi skriver högst en gång om dagen om den här bevakningen.",
    ...end.text,
  ].join("\n");
  const html = page(
    subject,
    `<p>Hej!</p><p><strong>${escapeHtml(line)}</strong>${target ? `<br>${escapeHtml(target)}` : ""}</p>
<p><a href="${escapeHtml(found.hotelLink)}" style="font-weight:bold">Jämför priserna och boka</a></p>
<p>Priser ändras snabbt; det är partnerns pris när du bokar som gäller. Vi skriver högst en gång om dagen om den här bevakningen.</p>${end.html}`,
  );
  return { subject, text, html, headers: unsubscribeHeaders(links) };
}
