// A QR code drawn in the page from the qrcode-generator library: nothing leaves the
// appliance (docs/decisions.md, ground rules), and the code works on a classroom network with no
// internet. The library is imported only here, in the researcher bundle.
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** QrCode shows text as a QR code, an image whose text alternative names what it encodes. */
export function QrCode({ text, size = 192 }: { text: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    let d = '';
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
    return { path: d, count: n + 8 };
  }, [text]);
  return (
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
}
