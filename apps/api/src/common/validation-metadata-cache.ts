import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
/** A validated class, as class-validator types it. */
type Target = Parameters<MetadataStorage['getTargetValidationMetadatas']>[0];

const cachedStorages = new WeakSet<MetadataStorage>();

/**
 * Makes class-validator remember each class's rules instead of collecting them
 * on every validation. Its lookup scans every class it knows with an
 * `instanceof` test per class, for inherited rules: with the API's hundred-odd
 * DTOs that was a third of what validating an `init` body cost. The rules of a
 * class change only when a decorator registers one, so any registration
 * empties the cache. Lookups with validation groups are not cached (none of
 * ours uses groups). Safe to call more than once.
 */
export function cacheValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  if (cachedStorages.has(storage)) return;
  cachedStorages.add(storage);
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const register = storage.addValidationMetadata.bind(storage);
  let cache = new Map<Target, Map<string, ValidationMetadata[]>>();

  storage.addValidationMetadata = (metadata) => {
    cache = new Map();
    register(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (groups && groups.length > 0) return lookUp(target, schema, always, strictGroups, groups);
    const key = `${schema}|${always}|${strictGroups}`;
    let byOptions = cache.get(target);
    if (!byOptions) cache.set(target, (byOptions = new Map()));
    let metadata = byOptions.get(key);
    if (!metadata) byOptions.set(key, (metadata = lookUp(target, schema, always, strictGroups, groups)));
    return metadata;
  };
}
