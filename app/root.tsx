import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetcher,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import appCss from "./styles/app.css?url";
import { publicEnv, type PublicEnv } from "@common/contracts/public-env";
import { areasForPath } from "@common/i18n/areas";
import { DEFAULT_LOCALE, pickLocale } from "@common/i18n/locales";
import { catalogFor, localeChosen, localeOf, translator } from "~/server/i18n/i18n.server";
import { useNonce } from "./nonce";
import { ErrorPage } from "./components/ErrorPage";
import { I18nRoot, type PageCatalog } from "./components/I18n";

/** Only if the root's own loader failed: the error page then shows message ids rather than crash. */
const NO_CATALOG: PageCatalog = { locale: DEFAULT_LOCALE, messages: {} };

type RootData = { env: PublicEnv; catalog: PageCatalog; chosen: boolean; title: string; description: string };

export async function loader({ context, request }: LoaderFunctionArgs): Promise<RootData> {
  const locale = localeOf(request);
  const t = translator(locale);
  return {
    env: publicEnv(context.cloudflare.env),
    catalog: { locale, messages: catalogFor(locale, areasForPath(new URL(request.url).pathname)) },
    chosen: localeChosen(request),
    title: t("common.meta.title"),
    description: t("common.meta.description"),
  };
}

/**
 * The catalog travels with the first page only, and again when the language is switched or the
 * page moves to where other areas are needed (from the home page into the workshop): not with
 * every form a dashboard sends.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, currentUrl, nextUrl }) =>
  formAction === "/api/lang" || areasForPath(currentUrl.pathname) !== areasForPath(nextUrl.pathname);

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.description }] : [];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang={data?.catalog.locale ?? DEFAULT_LOCALE}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b1d3a" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nRoot catalog={(data?.catalog as PageCatalog | undefined) ?? NO_CATALOG}>{children}</I18nRoot>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * A device that never chose its language gets the first of its browser's languages that Repère
 * speaks (Accept-Language chose the first page; navigator.languages is the browser's own list).
 */
function useBrowserLanguage(chosen: boolean, locale: string) {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  useEffect(() => {
    if (chosen) return;
    const preferred = pickLocale(navigator.languages ?? []);
    if (preferred && preferred !== locale) submit({ lang: preferred }, { method: "post", action: "/api/lang" });
  }, [chosen, locale, submit]);
}

export default function App() {
  const { chosen, catalog } = useLoaderData<typeof loader>();
  useBrowserLanguage(chosen, catalog.locale);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
