import { useEffect, useRef, useState } from 'react';
import { WHEEL_SPIN_MS, type EventCount } from '@testerhub/shared/winners-schemas';
import { useWinnersTexts } from './winners-texts';

const SEGMENT_DEGREES = 360 / 9;
const COLOURS = ['#0b5cab', '#f79009', '#12b76a', '#7a5af8', '#f04438', '#0ba5ec', '#ee46bc', '#667085', '#b54708'];

/** The turn (in degrees, clockwise) that brings segment `index` under the pointer at the top, after `fromDegrees`. */
export function landingRotation(fromDegrees: number, index: number, extraTurns: number): number {
  const centre = index * SEGMENT_DEGREES + SEGMENT_DEGREES / 2;
  const base = Math.ceil(fromDegrees / 360) * 360 + extraTurns * 360;
  return base + ((360 - centre) % 360);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Where each wedge's label sits: on the bisector, two thirds out. */
function labelPosition(index: number) {
  const angle = ((index * SEGMENT_DEGREES + SEGMENT_DEGREES / 2 - 90) * Math.PI) / 180;
  return { x: 100 + 62 * Math.cos(angle), y: 100 + 62 * Math.sin(angle), rotate: index * SEGMENT_DEGREES + SEGMENT_DEGREES / 2 };
}

function wedgePath(index: number): string {
  const point = (degrees: number) => {
    const radians = ((degrees - 90) * Math.PI) / 180;
    return `${100 + 96 * Math.cos(radians)} ${100 + 96 * Math.sin(radians)}`;
  };
  return `M100 100 L${point(index * SEGMENT_DEGREES)} A96 96 0 0 1 ${point((index + 1) * SEGMENT_DEGREES)} Z`;
}

interface SpinWheelProps {
  segments: EventCount['winningRate'];
  /** The segment value the server drew; set when a spin starts, null between spins. */
  landOn: number | null;
  /** Called when the wheel stopped on `landOn`. */
  onStopped: () => void;
}

/**
 * The wheel (spec 3, "Wheel"): nine wedges in the server's shuffled order under a pointer at the
 * top. A spin runs in the spec's three stages (2600 ms speeding up, 750 ms at full speed, 8000 ms
 * slowing down onto the drawn wedge); with reduced motion it stops at once.
 */
export function SpinWheel({ segments, landOn, onStopped }: SpinWheelProps) {
  const t = useWinnersTexts();
  const [rotation, setRotation] = useState(0);
  const [transition, setTransition] = useState('none');
  const rotationRef = useRef(0);
  const onStoppedRef = useRef(onStopped);
  useEffect(() => {
    onStoppedRef.current = onStopped;
  });

  useEffect(() => {
    if (landOn === null) return;
    const index = Math.max(
      0,
      segments.findIndex((segment) => segment.coins === landOn),
    );
    const turn = (degrees: number, css: string) => {
      rotationRef.current = degrees;
      setTransition(css);
      setRotation(degrees);
    };
    if (prefersReducedMotion()) {
      turn(landingRotation(rotationRef.current, index, 0), 'none');
      onStoppedRef.current();
      return;
    }
    const start = rotationRef.current;
    turn(start + 720, `transform ${WHEEL_SPIN_MS.start}ms cubic-bezier(0.55, 0, 1, 0.45)`);
    const timers = [
      setTimeout(() => turn(start + 1440, `transform ${WHEEL_SPIN_MS.continue}ms linear`), WHEEL_SPIN_MS.start),
      setTimeout(
        () => turn(landingRotation(start + 1440, index, 4), `transform ${WHEEL_SPIN_MS.stop}ms cubic-bezier(0.1, 0.7, 0.2, 1)`),
        WHEEL_SPIN_MS.start + WHEEL_SPIN_MS.continue,
      ),
      setTimeout(() => onStoppedRef.current(), WHEEL_SPIN_MS.start + WHEEL_SPIN_MS.continue + WHEEL_SPIN_MS.stop),
    ];
    return () => timers.forEach(clearTimeout);
  }, [landOn, segments]);

  return (
    <figure
      className="spin-wheel"
      aria-label={t('wheelLabel', { title: t('wheelTitle'), values: segments.map((segment) => segment.coins).join(', ') })}
    >
      <svg viewBox="0 0 200 200" className="spin-wheel__svg" aria-hidden="true">
        <g
          className="spin-wheel__disc"
          style={{ transform: `rotate(${rotation}deg)`, transition, transformOrigin: '100px 100px' }}
          data-testid="wheel-disc"
          data-rotation={rotation}
        >
          {segments.map((segment, index) => {
            const label = labelPosition(index);
            return (
              <g key={`${segment.coins}-${index}`}>
                <path d={wedgePath(index)} fill={COLOURS[index % COLOURS.length]} stroke="#fff" strokeWidth="1.5" />
                <text
                  x={label.x}
                  y={label.y}
                  transform={`rotate(${label.rotate} ${label.x} ${label.y})`}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  className="spin-wheel__label"
                >
                  {segment.coins}
                </text>
              </g>
            );
          })}
        </g>
        <circle cx="100" cy="100" r="14" fill="#fff" stroke="#1d2939" strokeWidth="2" />
        <path d="M92 0 L108 0 L100 18 Z" fill="#1d2939" />
      </svg>
    </figure>
  );
}
