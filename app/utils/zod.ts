/**
 * zod, as every shared schema uses it. In the browser its fast path would first probe
 * whether it may compile code (`new Function`), which the Content Security Policy forbids:
 * the browser then reports a violation. Without that path it parses the same, a little slower.
 */
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
