// A QR code drawn in the page from the qrcode-generator library: nothing leaves the
// appliance (docs/decisions.md, ground rules), and the code works on a classroom network with no
// internet. The library is imported only here, in the researcher bundle.
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import { loopbackHost } from '../links';

/** QrCode shows text as a QR code, an image whose text alternative names what it encodes,
 * with a warning when the link is one phones cannot open. */
export function QrCode({ text, size = 192 }: { text: string; size?: number }) {
  const loopback = loopbackHost(text);
  const { path, count } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    let d = '';
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
    return { path: d, count: n + 8 };
  }, [text]);
  const code = (
    <svg
      className="wizard-qr"
      role="img"
      aria-label={`QR code of the link ${text}`}
      viewBox={`0 0 ${count} ${count}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
  if (!loopback) return code;
  return (
    <span className="qr-with-warning">
      {code}
      <span className="qr-warning" role="note">
        Phones cannot reach {loopback}: open the console from the appliance's LAN address (feedlab serve prints it), or start feedlab
        with --addr 0.0.0.0:8080 if it listens on {loopback} only.
      </span>
    </span>
  );
}
