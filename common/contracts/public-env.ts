/** Settings the browser may see, handed down by the root loader (useRouteLoaderData("root")). */
export type PublicEnv = {
  googleMapsApiKey: string | null;
  googleMapsMapId: string | null;
};

export function publicEnv(env: Env): PublicEnv {
  return {
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY || null,
    googleMapsMapId: env.GOOGLE_MAPS_MAP_ID || null,
  };
}
