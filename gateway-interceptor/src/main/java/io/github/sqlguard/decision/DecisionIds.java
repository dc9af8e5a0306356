package io.github.sqlguard.decision;

import java.security.SecureRandom;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The id of a decision ({@code decisionId} in the audit), which links a call's records: a random
 * (version 4, IETF variant) UUID, as {@code UUID#randomUUID} makes, drawn from a generator of the
 * calling thread seeded once from {@link SecureRandom}, rather than from {@code SecureRandom} itself.
 *
 * <p>Why: {@code UUID#randomUUID} reads 16 bytes from the JVM's shared {@code SecureRandom}
 * ({@code NativePRNG} on Linux: a lock and a read of {@code /dev/urandom}) for every decision, 1.5 % of
 * the guard's CPU on the REST I/O thread per cheap statement (async-profiler,
 * bench/results/2026-12-05-cheap-r52.md). The id is a link between records, never a secret or a
 * credential: nothing is granted to whoever knows or guesses it. Ids stay unique: each thread's {@link
 * SplittableRandom} (a 64-bit state, period 2^64) starts from 64 bits of {@code SecureRandom}, so two
 * threads or two gateways share a sequence only if their seeds collide.
 *
 * <p>Thread-safe (a generator per thread).
 */
public final class DecisionIds {

    private static final SecureRandom SEEDS = new SecureRandom();

    private static final ThreadLocal<SplittableRandom> RANDOM =
            ThreadLocal.withInitial(() -> new SplittableRandom(SEEDS.nextLong()));

    private DecisionIds() {}

    /** A new random UUID, in the form {@code UUID#toString} writes. */
    public static String next() {
        SplittableRandom random = RANDOM.get();
        long most = (random.nextLong() & ~0xF000L) | 0x4000L; // version 4
        long least = (random.nextLong() & ~(0xC000L << 48)) | (0x8000L << 48); // IETF variant (10xx)
        return new UUID(most, least).toString();
    }
}
