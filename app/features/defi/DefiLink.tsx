import { QRCodeSVG } from "qrcode.react";
import { useEffect, useState } from "react";
import { useT } from "~/components/I18n";

/**
 * A défi's link to hand out: the address, its QR code, « Copier le lien » and « Imprimer » (the
 * print layout keeps the QR code and the address only).
 */
export function DefiLink({ path, title }: { path: string; title: string }) {
  const t = useT();
  const [origin, setOrigin] = useState("");
  const [copied, setCopied] = useState(false);
  useEffect(() => setOrigin(location.origin), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const url = `${origin}${path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (error) {
      // The link stays on screen to copy by hand.
      console.error(error);
    }
  };
  return (
    <div className="defi-link">
      <div className="defi-qr">
        <QRCodeSVG value={url} size={168} level="M" marginSize={2} title={t("defi.link.qr", { title })} />
      </div>
      <p className="defi-url">
        <a href={path} target="_blank" rel="noopener" data-testid="defi-url">
          {url}
        </a>
      </p>
      <div className="defi-link-actions">
        <button type="button" className="button button-small" onClick={() => void copy()}>
          {t("defi.link.copy")}
        </button>
        <button type="button" className="button button-small button-secondary" onClick={() => window.print()}>
          {t("defi.link.print")}
        </button>
        <a className="button button-small button-secondary" href={`${path}/classement`} target="_blank" rel="noopener">
          {t("defi.link.board")}
        </a>
        <span className="copied" role="status">
          {copied ? t("defi.link.copied") : ""}
        </span>
      </div>
    </div>
  );
}
