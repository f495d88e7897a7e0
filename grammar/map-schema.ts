/** A map in the schema: its territories are zones of a set named after the map; its regions group them; borders join them. */
import type * as A from './ast.ts';
import { closest } from './diagnostics.ts';
import * as m from './messages.ts';
import type { RegionInfo } from './schema-types.ts';
import { addPropertyNames, undeclaredProperties, type SchemaBuilder } from './schema-builder.ts';

export function addMap(decl: A.MapDecl, builder: SchemaBuilder): void {
  const { schema, names, report } = builder;
  if (!names.claim(decl.name, 'a map')) return;
  addPropertyNames(schema.zoneProperties, decl.defaults);
  const members: string[] = [];
  const items: A.ZoneItem[] = [];
  for (const region of decl.regions) {
    if (!names.claim(region.name, 'a region')) continue;
    const info: RegionInfo = { name: region.name.text, index: schema.regions.size, item: region, map: decl.name.text, territories: [] };
    schema.regions.set(region.name.text, info);
    addPropertyNames(schema.regionProperties, region.properties);
    for (const item of region.territories) {
      if (!names.claim(item.name, 'a territory')) continue;
      schema.zones.set(item.name.text, { name: item.name.text, index: schema.zones.size, item, set: decl.name.text, region: info.index, neighbours: [] });
      members.push(item.name.text);
      items.push(item);
      info.territories.push(item.name.text);
      undeclaredProperties(builder, `the territories of '${decl.name.text}'`, decl.defaults, item.properties);
    }
    if (region.territories.length === 0) report(m.regionEmpty(region.name.text), region.name.range);
  }
  schema.zoneSets.set(decl.name.text, { defaults: decl.defaults, items, zones: members, isMap: true });
  addBorders(decl, members, builder);
}

/** Each border both ways, once; a territory bordering nothing is probably a forgotten line. */
function addBorders(decl: A.MapDecl, members: string[], { schema, report }: SchemaBuilder): void {
  const territory = (name: A.Name) => {
    const found = schema.zones.get(name.text);
    if (found?.set === decl.name.text) return found;
    report(m.notATerritory(name.text, decl.name.text), name.range, closest(name.text, members));
    return undefined;
  };
  for (const border of decl.borders) {
    const from = territory(border.from);
    for (const name of border.to) {
      const to = territory(name);
      if (!from || !to) continue;
      if (from === to) {
        report(m.borderItself(from.name), name.range);
      } else if (from.neighbours.includes(to.name)) {
        report(m.borderTwice(from.name, to.name), name.range);
      } else {
        from.neighbours.push(to.name);
        to.neighbours.push(from.name);
      }
    }
  }
  for (const name of members) {
    const zone = schema.zones.get(name)!;
    if (zone.neighbours.length === 0 && members.length > 1) report(m.territoryAlone(name), zone.item.name.range);
  }
}
