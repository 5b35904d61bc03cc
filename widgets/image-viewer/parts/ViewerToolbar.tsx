import { WINDOW_PRESETS, type WindowPreset } from '../../../src/domain/imaging/window-level';
import { useT } from '../../../src/i18n/useT';
import type { DragMode } from '../view-state';

export interface ViewerToolbarProps {
  mode: DragMode;
  onMode: (mode: DragMode) => void;
  /** Presets apply to greyscale images only. */
  presets: boolean;
  onPreset: (preset: WindowPreset) => void;
  onStep: (delta: number) => void;
  onZoom: (factor: number) => void;
  onReset: () => void;
}

const MODES: DragMode[] = ['scroll', 'window', 'pan'];

/** The viewer's buttons: drag mode, window presets, previous/next, zoom and reset. */
export function ViewerToolbar(props: ViewerToolbarProps) {
  const t = useT();
  return (
    <div
      className="viewer__toolbar"
      part="toolbar"
      role="toolbar"
      aria-label={t('image_viewer.tools')}
    >
      <div className="viewer__group" role="group" aria-label={t('image_viewer.mode')}>
        {MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={props.mode === mode}
            onClick={() => props.onMode(mode)}
          >
            {t(`image_viewer.mode_${mode}`)}
          </button>
        ))}
      </div>
      {props.presets && (
        <div className="viewer__group" role="group" aria-label={t('image_viewer.presets')}>
          {(Object.keys(WINDOW_PRESETS) as WindowPreset[]).map((preset) => (
            <button key={preset} type="button" onClick={() => props.onPreset(preset)}>
              {t(`image_viewer.preset_${preset}`)}
            </button>
          ))}
        </div>
      )}
      <div className="viewer__group" role="group">
        <button
          type="button"
          aria-label={t('image_viewer.previous')}
          onClick={() => props.onStep(-1)}
        >
          <span aria-hidden="true">▲</span>
        </button>
        <button type="button" aria-label={t('image_viewer.next')} onClick={() => props.onStep(1)}>
          <span aria-hidden="true">▼</span>
        </button>
        <button
          type="button"
          aria-label={t('image_viewer.zoom_in')}
          onClick={() => props.onZoom(1.25)}
        >
          <span aria-hidden="true">+</span>
        </button>
        <button
          type="button"
          aria-label={t('image_viewer.zoom_out')}
          onClick={() => props.onZoom(0.8)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <button type="button" onClick={props.onReset}>
          {t('image_viewer.reset')}
        </button>
      </div>
    </div>
  );
}
