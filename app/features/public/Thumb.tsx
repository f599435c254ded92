import { useEffect, useRef, useState } from "react";
import { useT } from "~/components/I18n";

/**
 * A question picture that falls back to a plain "photo unavailable" tile when the file is missing,
 * including when it failed before hydration (React had not attached onError yet).
 */
export function QuestionPhoto({
  src,
  alt,
  className,
  loading,
}: {
  src: string;
  alt: string;
  className?: string;
  loading?: "lazy" | "eager";
}) {
  const t = useT();
  const ref = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    setBroken(false);
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setBroken(true);
  }, [src]);
  if (broken) {
    return (
      <span
        className={`${className ?? ""} photo-missing`}
        role="img"
        aria-label={alt ? t("public.photoMissingLabel", { alt }) : t("public.photoMissing")}
      >
        {t("public.photoMissing")}
      </span>
    );
  }
  return (
    <img
      ref={ref}
      className={className}
      src={src}
      alt={alt}
      loading={loading}
      onError={() => setBroken(true)}
    />
  );
}

/** Street View questions have no file: a badge stands in for the thumbnail. */
export function StreetViewBadge({ className }: { className?: string }) {
  const t = useT();
  return (
    <span className={`${className ?? ""} sv-badge`}>
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <circle cx="12" cy="5" r="3" fill="currentColor" />
        <path d="M8.5 10h7l-1 6h-1.5l-.5 6h-3l-.5-6H8.5z" fill="currentColor" />
      </svg>
      <span>{t("public.streetView")}</span>
    </span>
  );
}
