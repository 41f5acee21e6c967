import './skeleton.css';

/** A grey placeholder block of the final content's size, so nothing jumps when data arrives. */
export function Skeleton({ width = '100%', height = '1em' }: { width?: string; height?: string }) {
  return <span className="skeleton" style={{ width, height }} aria-hidden="true" />;
}
