import { useEffect, useLayoutEffect } from "react";

/** A layout effect in the browser; on the server, where nothing is laid out, a plain one. */
export const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;
