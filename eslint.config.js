// ESLint for the whole repository, run by `npm run lint` and `npm test` with zero warnings.
// TypeScript files get typescript-eslint's recommended rules plus the few type-aware rules that
// catch real bugs here (promises nobody awaits, async callbacks where a void one is expected,
// awaiting what is not a promise); the rest of the type-checked set is mostly style here (e.g.
// no-unnecessary-type-assertion would strip the `!` kept on indexed reads on purpose). React
// files get the hooks rules and jsx-a11y. Plain .mjs/.js scripts run in Node, or in the browser for the Maps fake.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";
import lingui from "eslint-plugin-lingui";

// Import paths by layer, whether written with an alias or relative.
const DB = String.raw`^(@db/|(\.\./)+db/)`;
const SERVER = String.raw`^(~/server/|(\.\./)+server/)|\.server$`;
const PARTY = String.raw`^(@party/|(\.\./)+party/)`;
// The engine's own modules, past what its index gives the room and the app.
const ENGINE_INSIDE = String.raw`^(@party/|(\.\./)+party/)engine/.`;
const ROUTES = String.raw`^(~/routes/|(\.\./)+routes/)`;
const SCREENS = String.raw`^(~/(features|components)/|(\.\./)+(features|components)/)`;
const APP = String.raw`^(~/|(\.\./)+app/)`;
// The pages' words for the room's codes: the room itself speaks only codes.
const ROOM_TEXTS = String.raw`(^@common/client/|/common/client/|^\./)room-texts$`;
// common/'s two upper floors: the page and API contracts, and the room's client.
const CONTRACTS = String.raw`^(@common/|(\.\./)+(common/)?)contracts/`;
const CLIENT = String.raw`^(@common/|(\.\./)+(common/)?)client/`;

/**
 * The files whose every user-visible text comes from the message catalogs (common/i18n): a string
 * a person could read, written in the code, fails the lint. What the rule may leave alone: strings
 * without a space that do not start with a capital (class names, keys, codes, URLs), all-capitals
 * constants, and the attributes and calls that never reach a reader.
 */
const WORDED = ["app/**/*.{ts,tsx}", "common/**/*.{ts,tsx}"];
/**
 * What no reader sees: tests and their fixtures, the markers' SVG drawing, the image parsers' internal errors, the
 * operator's page of a production without its secrets (in English, for whoever deploys it).
 */
const NOT_WORDED = [
  "**/*.test.ts",
  "**/*.test.tsx",
  "**/*.fixture.ts",
  "common/markers/**",
  "common/media/{exif,heif-iloc,image-clean}.ts",
  "common/util/lru.ts",
  "app/server/auth/config.server.ts",
];
const NOT_READ = [
  "className", "id", "key", "type", "name", "role", "href", "to", "method", "action", "src", "rel", "as",
  "inputMode", "autoComplete", "pattern", "htmlFor", "target", "encType", "mode", "variant", "kind",
  "intent", "step", "lang", "value", "form", "data-.*", "Cache-Control", "Content-Security-Policy", "hash", "aria-(controls|describedby|labelledby|live|haspopup|current)",
];

/** One `no-restricted-imports` entry per layer; `why` is the message a wrong import gets. */
function layers(list) {
  return list.map(({ files, ignores, forbidden, why }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      "no-restricted-imports": ["error", { patterns: forbidden.map((regex) => ({ regex, message: why })) }],
    },
  }));
}

export default tseslint.config(
  { ignores: ["build/", ".wrangler/", ".cache/", "public/", "db/migrations/", "tests/.artifacts/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_`-prefixed names are deliberately unused (a destructured field left out, a fixed signature).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // `let { a, b } = x` with only `b` reassigned stays one line; a `let` a closure reads
      // before its first assignment cannot become a `const`.
      "prefer-const": ["error", { destructuring: "all", ignoreReadBeforeAssign: true }],
      // `a && a()` and `c ? f() : g()` as statements are deliberate.
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
      // `interface Env extends Cloudflare.Env {}`: how a global type is extended.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // React ignores what an event handler returns, and the async handlers of forms and
      // buttons report their own failures (the API helpers turn network errors into messages).
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    // The two rules of hooks proper. The plugin's other recommended rules judge code by what the
    // React Compiler can optimise; this app does not use the compiler (React 18).
    files: ["app/**/*.ts", "app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["app/**/*.tsx"],
    rules: {
      // Its word list is English: in French alt texts, « photo » names what a quiz is made of
      // (« Photo de la question 2 »), not the element type.
      "jsx-a11y/img-redundant-alt": "off",
      // Scrollable regions and lists must take the keyboard focus to be scrolled without a
      // mouse (the phone's ranking is an <ol>); the offline map is a keyboard-driven widget.
      "jsx-a11y/no-noninteractive-tabindex": [
        "error",
        { tags: ["ol"], roles: ["tabpanel", "region", "application"], allowExpressionValues: true },
      ],
    },
  },
  {
    files: WORDED,
    ignores: NOT_WORDED,
    plugins: { lingui },
    rules: {
      "lingui/no-unlocalized-strings": [
        "error",
        {
          ignore: ["^(?![A-ZÀ-Ý])[^\\s]*$", "^[A-Z_0-9.-]+$", "^; Secure$", "; Path=/;"],
          ignoreNames: [{ regex: { pattern: `^(${NOT_READ.join("|")})$` } }],
          ignoreFunctions: ["console.*", "Error", "URL", "URLSearchParams", "*.startsWith", "*.endsWith", "*.includes", "*.get", "*.set", "*.has", "*.append", "*.delete", "crypto.subtle.*", "*.closest", "*.matches", "matchMedia"],
        },
      ],
    },
  },
  // Layers point one way (docs/architecture.md, The parts). A browser module takes nothing from
  // the database or the server, not even a type: the page's data comes through a contract in
  // common/ or from its route's loader. app/server never imports the screens, and takes from the
  // engine only what its index exports; common/ imports nothing outside itself; db/ may import
  // common/ (the rules it stores), never the reverse. Inside a layer, no module imports itself
  // through others (scripts/import-circles.test.ts).
  ...layers([
    {
      files: ["app/features/**", "app/components/**", "app/entry.client.tsx"],
      forbidden: [DB, SERVER, PARTY, ROUTES],
      why: "a browser module takes nothing from db/, app/server, party/ or the routes: use a contract of common/ or the route's loader data",
    },
    {
      files: ["app/routes/**", "app/root.tsx"],
      forbidden: [DB, PARTY],
      why: "a route reads the request and calls app/server; data types come from common/",
    },
    {
      files: ["app/server/**"],
      forbidden: [SCREENS, ROUTES, ENGINE_INSIDE],
      why: "app/server never imports the screens, nor the engine's modules: a rule it shares with the room lives in common/rules/",
    },
    {
      files: ["common/**"],
      forbidden: [DB, APP, PARTY],
      why: "common/ imports nothing outside itself: what db/ and app/ share lives in common/",
    },
    {
      // Inside common/: the rules, the wire, the media parsers and the utilities are what the
      // contracts and the room's client build on, never the reverse (a test may use both). A
      // later entry replaces an earlier one's rule for the same file, so each repeats common/'s.
      files: ["common/{rules,wire,media,util,i18n,markers}/**"],
      ignores: ["**/*.test.ts"],
      forbidden: [DB, APP, PARTY, CONTRACTS, CLIENT],
      why: "common/ imports nothing outside itself, and its rules, wire, media, util, i18n and markers nothing from common/contracts or common/client: move what they share down",
    },
    {
      files: ["common/contracts/**"],
      ignores: ["**/*.test.ts"],
      forbidden: [DB, APP, PARTY, CLIENT],
      why: "common/ imports nothing outside itself, and a page contract nothing from the room's client (common/client)",
    },
    {
      files: ["db/**"],
      forbidden: [APP, PARTY],
      why: "db/ may import common/ (the rules it stores), nothing else",
    },
    {
      files: ["party/**", "server.ts"],
      forbidden: [ROOM_TEXTS],
      why: "the room speaks codes, never sentences: the pages word them (common/client/room-texts.ts)",
    },
  ]),
  {
    // D1 only through drizzle bound to db/schema.ts: a statement written as a string through the
    // driver's client escapes the type-check, and a renamed column would fail the first call
    // instead of the build. db/ holds the one place that may reach the client.
    files: ["**/*.ts", "**/*.tsx"],
    ignores: ["db/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='$client']",
          message: "D1 through drizzle and db/schema.ts (or a `sql` fragment of its columns), never through `$client`",
        },
      ],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["tests/support/google-maps-fake.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
);
