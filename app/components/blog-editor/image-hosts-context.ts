import { createContext, useContext } from "react";
import type { ImageHosts } from "#app/blog/image-hosts.ts";

/**
 * The hosts the page's Content Security Policy lets images come from (the editor's loader gives
 * them): the editor previews an image address only when the browser will load it, so a typed
 * address on another host shows its message, not a blocked request.
 */
export const ImageHostsContext = createContext<ImageHosts>({ origin: "http://localhost", sources: [] });

export const useImageHosts = () => useContext(ImageHostsContext);
