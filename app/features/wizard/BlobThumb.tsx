// A picture the wizard holds as a Blob (a photo prepared, not yet sent) shown as a thumbnail.
import { useEffect, useMemo } from "react";

/** A picture from a Blob, its object URL revoked when it goes. */
export function Thumb({ blob, alt, className = "wz-thumb" }: { blob: Blob; alt: string; className?: string }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img className={className} src={url} alt={alt} />;
}
