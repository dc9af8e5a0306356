package io.github.sqlguard.rules.limits;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An allow-list of locations ({@code sql-guard.allow.jars}, {@code sql-guard.allow.paths}): each
 * entry a {@link Location} prefix at a path-segment boundary. Empty means no limit. The one matcher
 * of jar locations and table paths.
 */
public final class AllowedLocations {

    private final List<Location> entries;
    private final boolean unlimited;

    private AllowedLocations(List<Location> entries, boolean unlimited) {
        this.entries = List.copyOf(entries);
        this.unlimited = unlimited;
    }

    /**
     * The allow-list of {@code entries} as configured; an entry that is no absolute location allows
     * nothing (the option's requirement, {@link AllowList#locations}, refuses such a policy).
     */
    public static AllowedLocations of(List<String> entries) {
        List<Location> locations = new ArrayList<>();
        for (String entry : entries) {
            // The administrator's own entries, read from config.yaml: surrounding spaces are no part of them.
            Location.of(entry.strip()).ifPresent(locations::add);
        }
        return new AllowedLocations(locations, entries.isEmpty());
    }

    /** True when the list is empty: no limit, everything is allowed. */
    public boolean unlimited() {
        return unlimited;
    }

    /**
     * True when {@code text} is allowed: the list is empty, or it is a location within one of its
     * entries. A relative or unreadable location is allowed only by an empty list.
     */
    public boolean allows(String text) {
        if (unlimited()) {
            return true;
        }
        Optional<Location> location = Location.of(text);
        return location.isPresent() && entries.stream().anyMatch(location.get()::within);
    }
}
