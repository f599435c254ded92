import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defiInfo } from "~/server/defis.server";
import { pageLoader } from "~/server/http.server";

export const meta: MetaFunction = () => [{ title: "Défi — Repère" }];

/** /defi/{code}: a défi's link, played alone on a phone until its deadline. */
export const loader = pageLoader(async ({ context, params }: LoaderFunctionArgs) => defiInfo(context.db, params.code));

export default function DefiRoute() {
  const defi = useLoaderData<typeof loader>();
  return <main>{defi.open ? defi.quizName : "Défi terminé"}</main>;
}
