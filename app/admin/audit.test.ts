import { describe, expect, it } from "vitest";
import { AUDIT_LIMITS, auditedFields, auditMessage, auditOutcome } from "./audit.ts";

describe("auditedFields", () => {
  it("keeps the intent and the ids a form names, route parameters first, and nothing typed", () => {
    const form = new FormData();
    form.append("intent", "edit");
    form.append("id", "b1");
    form.append("hotel", "HG-1");
    form.append("hotel", "HG-2");
    form.append("hotel_id", "HG-3");
    form.append("partnerId", "p");
    form.append("title", "En rubrik som inte ska sparas");
    form.append("password", "hemligt-lösen");
    form.append("cover", new File(["x"], "bild.png"));
    expect(auditedFields({ id: "post-1" }, form)).toEqual({
      intent: "edit",
      rowIds: ["post-1", "b1", "HG-1", "HG-2", "HG-3", "p"],
      rowCount: 6,
    });
  });

  it("caps the ids and their length, and copes with an unreadable body", () => {
    const form = new FormData();
    for (let index = 0; index < 150; index++) form.append("hotel", `HG-${index}`);
    form.append("id", "x".repeat(500));
    const fields = auditedFields({}, form);
    expect(fields.rowIds).toHaveLength(AUDIT_LIMITS.ids);
    expect(fields.rowCount).toBe(151);
    expect(auditedFields({}, [["id", "y".repeat(500)]]).rowIds[0]).toHaveLength(AUDIT_LIMITS.idLength);
    expect(auditedFields({ id: "7" }, null)).toEqual({ intent: null, rowIds: ["7"], rowCount: 1 });
  });
});

describe("auditOutcome and auditMessage", () => {
  it("calls a redirect with an error message refused, and keeps only the message's title", () => {
    expect(auditOutcome(302, { title: "Saved" })).toBe("ok");
    expect(auditOutcome(302, { title: "Error", description: "Gone", variant: "destructive" })).toBe("refused");
    expect(auditOutcome(400, null)).toBe("refused");
    expect(auditOutcome(500, null)).toBe("failed");
    expect(auditMessage({ title: "Destination added", description: "Stockholm is now on the home page." })).toBe("Destination added");
    expect(auditMessage(null)).toBeNull();
  });
});
