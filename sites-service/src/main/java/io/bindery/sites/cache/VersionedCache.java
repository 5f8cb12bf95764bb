package io.bindery.sites.cache;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * One value per key (a site, a space), kept while the version it was made from is current: what {@code published}
 * reads on every request (a parsed schema, merged customization, a site's serialized site spaces) is made once per
 * change instead of once per request. Bounded: when full it starts over, so it cannot grow with the number of sites.
 * Values are shared between threads: callers must not change them.
 */
public final class VersionedCache<V> {
    private record Entry<V>(Object version, V value) {
    }

    private final int maxEntries;
    private final Map<String, Entry<V>> entries = new ConcurrentHashMap<>();

    public VersionedCache(int maxEntries) {
        this.maxEntries = maxEntries;
    }

    /** The value for {@code key} made from {@code version}, made by {@code make} when missing or older. */
    public V get(String key, Object version, Supplier<V> make) {
        Entry<V> e = entries.get(key);
        if (e != null && Objects.equals(e.version(), version)) {
            return e.value();
        }
        V value = make.get();
        if (entries.size() >= maxEntries) {
            entries.clear();
        }
        entries.put(key, new Entry<>(version, value));
        return value;
    }

    public void remove(String key) {
        entries.remove(key);
    }
}
