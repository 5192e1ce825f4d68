// A page of the questionnaire as a participant sees it, at the console's width or a
// phone's (360 px). The form engine is loaded on first use (previewPage.tsx).
import { useId, useState } from 'react';
import { lazyModule } from '../../lazyModule';
import type { Questionnaire } from '../model/types';

const usePreviewModule = lazyModule(() => import('./previewPage'));

export function PagePreview({ q, page, onClose }: { q: Questionnaire; page: number; onClose: () => void }) {
  const mod = usePreviewModule();
  const [phone, setPhone] = useState(false);
  const headingId = useId();
  return (
    <div role="region" aria-labelledby={headingId} className="qb-preview">
      <div className="qb-questionnaire__head">
        <h4 id={headingId}>
          Preview of page {page + 1} of {q.name}
        </h4>
        <span className="qb-item__moves">
          <label className="choice">
            <input type="checkbox" checked={phone} onChange={(e) => setPhone(e.currentTarget.checked)} />
            <span>Phone width (360 px)</span>
          </label>
          <button type="button" className="button button--quiet button--small" onClick={onClose}>
            Close preview
          </button>
        </span>
      </div>
      <div className={`qb-preview__frame${phone ? ' qb-preview__frame--phone' : ''}`}>
        {mod === 'failed' ? <p role="alert">The preview could not be loaded. Reload the page to try again.</p> : mod ? <mod.EnginePreview q={q} page={page} /> : <p className="muted">Loading the preview…</p>}
      </div>
    </div>
  );
}
