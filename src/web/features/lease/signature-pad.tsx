import { useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import SignatureCanvasModule from 'react-signature-canvas';
import { padHeight, rescaleStrokes, type Stroke } from './signature-strokes.ts';

type SignatureCanvas = SignatureCanvasModule;
// The package is CommonJS compiled from ES modules: depending on the bundler's interop the
// component is the default import itself or its `default` property.
const SignatureCanvas: typeof SignatureCanvasModule =
  (SignatureCanvasModule as unknown as { default?: typeof SignatureCanvasModule }).default ?? SignatureCanvasModule;

export interface SignaturePadHandle {
  /** The drawing as a PNG data URL, or null when nothing is drawn. */
  signature: () => string | null;
  clear: () => void;
}

/**
 * A finger-sized signature pad. The canvas follows its box on rotation and resize; the strokes
 * are kept as data and redrawn at the new size, so a rotation never wipes a signature.
 * Loaded on demand: the pad library only ships with the signature step.
 */
export default function SignaturePad({ label, handle }: { label: string; handle: Ref<SignaturePadHandle> }) {
  const frame = useRef<HTMLDivElement>(null);
  const pad = useRef<SignatureCanvas>(null);
  const size = useRef({ width: 0, height: 0, ratio: 0 });

  useImperativeHandle(
    handle,
    () => ({
      // toData, not isEmpty(): the pad library's empty flag is not restored by a redraw.
      signature: () => (pad.current && pad.current.toData().length > 0 ? pad.current.toDataURL('image/png') : null),
      clear: () => pad.current?.clear(),
    }),
    [],
  );

  useLayoutEffect(() => {
    const box = frame.current;
    if (!box) return;
    const fit = () => {
      const current = pad.current;
      if (!current) return;
      const width = Math.floor(box.clientWidth);
      const height = padHeight(width);
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const before = size.current;
      if (width === 0 || (width === before.width && height === before.height && ratio === before.ratio)) return;
      const strokes = current.toData() as unknown as Stroke[];
      const canvas = current.getCanvas();
      canvas.width = width * ratio;
      canvas.height = height * ratio;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      canvas.getContext('2d')?.scale(ratio, ratio);
      current.clear();
      const redrawn = rescaleStrokes(strokes, before, { width, height });
      if (redrawn.length > 0) current.fromData(redrawn as unknown as Parameters<SignatureCanvas['fromData']>[0]);
      size.current = { width, height, ratio };
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    window.addEventListener('orientationchange', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('orientationchange', fit);
    };
  }, []);

  return (
    <div ref={frame} className="signature-pad">
      <SignatureCanvas
        ref={pad}
        clearOnResize={false}
        penColor="#10233f"
        minWidth={1}
        maxWidth={3.2}
        canvasProps={{ className: 'signature-pad__canvas', 'aria-label': label, role: 'img' }}
      />
    </div>
  );
}
