import { useRouteLoaderData } from "@remix-run/react";
import type { PublicEnv } from "@common/contracts/public-env";

const NONE: PublicEnv = { googleMapsApiKey: null, googleMapsMapId: null };

/** The settings the root loader hands to the browser (the Maps key and Map ID). */
export function usePublicEnv(): PublicEnv {
  const root = useRouteLoaderData("root") as { env?: PublicEnv } | undefined;
  return root?.env ?? NONE;
}
