import { useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { BodyFigureConfig } from '../contract/portal';
import { useT } from '../i18n/useT';
import {
  bounds,
  FIGURE_VIEWBOX,
  PART_SHAPES,
  SILHOUETTE,
  type FigureView,
  type Shape,
} from './body-figure-shapes';

export interface FigurePart {
  slug: string;
  name: string;
  view: 'front' | 'back' | 'both';
}

interface BodyFigureProps {
  parts: readonly FigurePart[];
  selected: string | null;
  onSelect: (slug: string) => void;
  /** Colours and hover transition of spec 3 "Body-figure config". */
  config: BodyFigureConfig | null;
}

function ShapeElement({ shape }: { shape: Shape }) {
  switch (shape.kind) {
    case 'circle':
      return <circle cx={shape.cx} cy={shape.cy} r={shape.r} />;
    case 'ellipse':
      return <ellipse cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} />;
    case 'rect':
      return (
        <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} rx={shape.rx} />
      );
    case 'path':
      return <path d={shape.d} />;
  }
}

/**
 * The body-figure picker (R-1-27, R-2.4-23): an inline SVG, front or back,
 * whose parts are buttons (role=button, in the tab order, named, pressed
 * when chosen; Enter or Space chooses). Parts without a drawing and
 * parts of the other side stay reachable through the list beneath it.
 */
export function BodyFigure({ parts, selected, onSelect, config }: BodyFigureProps) {
  const t = useT();
  const [view, setView] = useState<FigureView>('front');
  const gradientId = useId();
  const byslug = new Map(parts.map((part) => [part.slug, part]));
  const drawn = PART_SHAPES[view].filter(([slug]) => {
    const part = byslug.get(slug);
    return part && (part.view === 'both' || part.view === view);
  });
  const drawable = new Set([...PART_SHAPES.front, ...PART_SHAPES.back].map(([slug]) => slug));
  const listed = parts.filter((part) => !drawable.has(part.slug));
  const style = {
    '--imaging-body-part-hover': config?.bodyPartHoverColor || undefined,
    '--imaging-body-part-transition': `${config?.bodyPartHoverTransitionTime ?? 200}ms`,
  } as CSSProperties;

  const onKey = (slug: string) => (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(slug);
    }
  };

  return (
    <div className="body-figure" style={style} part="body-figure">
      <div className="segmented" role="group" aria-label={t('booking.body.side_label')}>
        {(['front', 'back'] as const).map((side) => (
          <button
            key={side}
            type="button"
            className="segmented__option"
            aria-pressed={view === side}
            onClick={() => setView(side)}
          >
            {t(`booking.body.${side}`)}
          </button>
        ))}
      </div>
      <svg
        className="body-figure__svg"
        viewBox={FIGURE_VIEWBOX}
        role="group"
        aria-label={t(`booking.body.figure_${view}`)}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor={config?.gradientColor || '#dbe7f3'} />
            <stop offset="1" stopColor="#ffffff" />
          </linearGradient>
        </defs>
        <g className="body-figure__silhouette" fill={`url(#${gradientId})`} aria-hidden="true">
          {SILHOUETTE.map((shape, index) => (
            <ShapeElement key={index} shape={shape} />
          ))}
        </g>
        {drawn.map(([slug, shapes]) => (
          <g
            key={slug}
            className="body-part"
            role="button"
            tabIndex={0}
            aria-label={byslug.get(slug)?.name ?? slug}
            aria-pressed={selected === slug}
            data-part={slug}
            onClick={() => onSelect(slug)}
            onKeyDown={onKey(slug)}
          >
            {shapes.length > 1 && <rect className="body-part__hit" {...bounds(shapes)} />}
            {shapes.map((shape, index) => (
              <ShapeElement key={index} shape={shape} />
            ))}
          </g>
        ))}
      </svg>
      {listed.length > 0 && (
        <ul className="body-figure__list">
          {listed.map((part) => (
            <li key={part.slug}>
              <button
                type="button"
                className="tile"
                aria-pressed={selected === part.slug}
                onClick={() => onSelect(part.slug)}
              >
                {part.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
