// A view's unchanged parts, sent once: a socket that asks for parts at auth gets state
// frames where {"$part": id} stands for an object sent whole in this frame's `parts`, or
// in the previous state frame's (an Estoril board is six Locations, most of them the same
// from one move to the next). Resolved here, a frame is exactly the frame the AsyncAPI
// document describes.

/**
 * Replace every {"$part": id} of `frame` by its part, and return the parts this frame
 * shows: the ones the next frame may name without sending them again.
 * @param {Record<string, unknown>} frame  a parsed state frame, changed in place
 * @param {Map<string, unknown>} held  the parts the previous frame showed
 * @returns {Map<string, unknown>}
 */
export function resolveParts(frame, held) {
  const sent = /** @type {Record<string, unknown>} */ (frame.parts ?? {});
  delete frame.parts;
  /** @type {Map<string, unknown>} */
  const shown = new Map();
  /** @param {unknown} value @returns {unknown} */
  const resolve = (value) => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = resolve(value[i]);
      return value;
    }
    const object = /** @type {Record<string, unknown>} */ (value);
    const id = object.$part;
    if (typeof id === "string" && Object.keys(object).length === 1) {
      const part = Object.hasOwn(sent, id) ? sent[id] : held.get(id);
      if (part === undefined) throw new Error(`state frame names a part it never sent: ${id}`);
      shown.set(id, part);
      // A copy for the page: the kept part stays as sent, whatever a board does with it.
      return structuredClone(part);
    }
    for (const key of Object.keys(object)) object[key] = resolve(object[key]);
    return object;
  };
  resolve(frame);
  return shown;
}
