package io.github.sqlguard.testing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.sessions.JqwikSession;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The fuzz corpus: statements of a corpus with a range deleted or a hostile token inserted, random
 * strings, token soup, and lower-cased statements. {@code HostileInputPropertiesIT} draws from
 * {@link #of} inside jqwik; {@link #sample} draws a fixed-seed sample outside it (the differential
 * test sends the same sample to two gateways).
 */
public final class MutatedStatements {

    /** Tokens inserted into statements or strung together: SQL structure, quoting, comments, odd characters. */
    public static final List<String> TOKENS =
            List.of("SELECT", "(", ")", "'", "''", ";", "--", "/*", "*/", "/*+", "ROW_NUMBER()", "OVER", "PARTITION BY",
                    "WHERE rn <= 3", "STATE_TTL('orders' = '24')", "'table.exec.state.ttl'", "= '24'", "\u0000", "\uD83D\uDE00",
                    "\n", "\t", "`", "\"", "BEGIN", "END", "EXECUTE", "STATEMENT SET", "SET", "RESET", "EXPLAIN", "AS",
                    "\\", "%", "${x}", "\u202E");

    private MutatedStatements() {}

    /** Mutations of {@code corpus} (non-empty), random strings and token soup. */
    public static Arbitrary<String> of(List<String> corpus) {
        Arbitrary<String> fromCorpus = Arbitraries.of(corpus);
        Arbitrary<String> deleted =
                Combinators.combine(fromCorpus, Arbitraries.integers().between(0, 10_000), Arbitraries.integers().between(1, 40))
                        .as((s, at, len) -> {
                            int from = at % Math.max(1, s.length());
                            return s.substring(0, from) + s.substring(Math.min(s.length(), from + len));
                        });
        Arbitrary<String> inserted =
                Combinators.combine(fromCorpus, Arbitraries.integers().between(0, 10_000), Arbitraries.of(TOKENS))
                        .as((s, at, token) -> {
                            int i = at % Math.max(1, s.length());
                            return s.substring(0, i) + " " + token + " " + s.substring(i);
                        });
        Arbitrary<String> random = Arbitraries.strings().all().ofMaxLength(300);
        Arbitrary<String> tokenSoup = Arbitraries.of(TOKENS).list().ofMaxSize(30).map(l -> String.join(" ", l));
        return Arbitraries.oneOf(deleted, inserted, random, tokenSoup, fromCorpus.map(String::toLowerCase));
    }

    /** {@code count} statements drawn from {@link #of}{@code (corpus)} with a fixed seed: the same list on every run. */
    public static List<String> sample(List<String> corpus, long seed, int count) {
        List<String> sample = new ArrayList<>();
        JqwikSession.run(() -> {
            Random random = new Random(seed);
            var generator = of(corpus).generator(1000);
            for (int i = 0; i < count; i++) {
                sample.add(generator.next(random).value());
            }
        });
        return sample;
    }
}
