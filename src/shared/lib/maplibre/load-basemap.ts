import type { AddProtocolAction, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { basemapKind, basemapStyle, STREETS_SOURCE, type BasemapOptions } from './basemap-style';

let protocolAdded = false;

/**
 * The style of a map, with the street layers of a PMTiles ground when there is one: the
 * pmtiles reader and @protomaps/basemaps load only then, in their own chunks. `addProtocol`
 * is maplibre's, passed in so that this file holds no maplibre import.
 */
export async function loadBasemapStyle(
  options: BasemapOptions,
  addProtocol: (name: string, action: AddProtocolAction) => void,
): Promise<StyleSpecification> {
  if (basemapKind(options) !== 'pmtiles') return basemapStyle(options);
  const [{ Protocol }, { layers, namedFlavor }] = await Promise.all([import('pmtiles'), import('@protomaps/basemaps')]);
  if (!protocolAdded) {
    addProtocol('pmtiles', new Protocol().tile);
    protocolAdded = true;
  }
  return basemapStyle({
    ...options,
    streetLayers: streetLayers(layers(STREETS_SOURCE, namedFlavor('light'), { lang: 'it' })),
  });
}

/** Without a sprite, the icons go: points of interest keep their names. */
export function streetLayers(layers: LayerSpecification[]): LayerSpecification[] {
  return layers.map((layer) => {
    if (layer.type !== 'symbol' || !layer.layout || !('icon-image' in layer.layout)) return layer;
    const { 'icon-image': _icon, ...layout } = layer.layout;
    return { ...layer, layout };
  });
}
