package io.github.sqlguard.decision;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/** Decision ids are random UUIDs as {@code UUID#randomUUID} writes them, and distinct across threads. */
class DecisionIdsTest {

    @Test
    void anIdIsARandomUuidInItsUsualForm() {
        for (int i = 0; i < 1_000; i++) {
            String id = DecisionIds.next();
            UUID uuid = UUID.fromString(id);
            assertThat(uuid.version()).isEqualTo(4);
            assertThat(uuid.variant()).isEqualTo(2);
            assertThat(uuid.toString()).isEqualTo(id).hasSize(36);
        }
    }

    @Test
    void idsOfManyThreadsNeverRepeat() throws Exception {
        Set<String> ids = ConcurrentHashMap.newKeySet();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < 8; t++) {
                done.add(threads.submit(() -> {
                    Set<String> mine = new HashSet<>();
                    for (int i = 0; i < 20_000; i++) {
                        mine.add(DecisionIds.next());
                    }
                    ids.addAll(mine);
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(ids).hasSize(8 * 20_000);
    }

    @Test
    void aDecisionGetsOne() {
        Decision a = Decision.of(new io.github.sqlguard.rules.Verdict(List.of(), List.of(), List.of()),
                java.util.Optional.empty(), java.time.Duration.ZERO, java.util.Optional.empty(), false,
                java.util.Optional.empty(), 0);
        assertThat(UUID.fromString(a.id()).version()).isEqualTo(4);
    }
}
