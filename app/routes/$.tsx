/**
 * Any address no other route takes. Without this route Remix answers such a request with the
 * root's error page but runs no loader, so the page would have no catalog: through it, the root
 * loader runs and the « page not found » page speaks the reader's language.
 */
export const loader = () => {
  throw new Response(null, { status: 404 });
};

export default function NotFound() {
  return null;
}
