// A Map that drops its oldest entry when a new key would take it past `max`: the one shape the app's
// in-process memories take (verified sign-ins, failed sign-ins, the status rows, written profiles), so
// none grows without end.
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
