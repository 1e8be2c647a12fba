// polylabel ships no types: the one function Rexer calls.
declare module 'polylabel' {
  /** The point inside a polygon (rings of [lng, lat]) farthest from its edges. */
  export default function polylabel(polygon: number[][][], precision?: number): [number, number] & { distance: number };
}
