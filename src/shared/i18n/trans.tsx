import { cloneElement, type ReactElement, type ReactNode } from 'react';
import type { TFunction } from './translate';

// Its own module: only the contact form uses it, so it travels with that page, not the first screen.

const TAG = /<(\/?)([\w-]+)\s*(\/?)>/g;

/** Adds a node, joining adjacent texts (one text node, as react-i18next rendered). */
function add(nodes: ReactNode[], node: ReactNode) {
  if (typeof node === 'string' && typeof nodes.at(-1) === 'string') nodes[nodes.length - 1] += node;
  else if (node !== '') nodes.push(node);
}

/**
 * A translation with elements in it: `<name>text</name>` (or `<name/>`) becomes the element
 * `components[name]` with that text as its children; any other tag stays text. What the app
 * used of react-i18next's `<Trans>` (named components; no indexed `<1>` tags, no values).
 */
export function Trans({
  t,
  i18nKey,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  components: Record<string, ReactElement>;
}) {
  const text = t(i18nKey);
  const root: ReactNode[] = [];
  const open: { name: string; tag: string; nodes: ReactNode[] }[] = [];
  let nodes = root;
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [tag, closing, name, selfClosing] = match;
    add(nodes, text.slice(last, match.index));
    last = match.index + tag.length;
    const component = Object.prototype.hasOwnProperty.call(components, name) ? components[name] : undefined;
    if (!component || (closing && open.at(-1)?.name !== name)) add(nodes, tag);
    else if (selfClosing) add(nodes, cloneElement(component, { key: nodes.length }));
    else if (!closing) open.push({ name, tag, nodes: (nodes = []) });
    else {
      const element = open.pop()!;
      nodes = open.at(-1)?.nodes ?? root;
      add(nodes, cloneElement(component, { key: nodes.length }, ...element.nodes));
    }
  }
  add(nodes, text.slice(last));
  // A tag never closed stays text, with what followed it.
  while (open.length) {
    const element = open.pop()!;
    const parent = open.at(-1)?.nodes ?? root;
    [element.tag, ...element.nodes].forEach((node) => add(parent, node));
  }
  return <>{root}</>;
}
