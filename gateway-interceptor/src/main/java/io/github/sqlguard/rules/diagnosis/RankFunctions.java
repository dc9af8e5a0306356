package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.statement.ParsedStatement.RankFunction;

import java.util.List;
import java.util.Optional;

/**
 * The statement's own rank function, as the diagnoses of a rejected Top-N rewrite it: its window's
 * {@code PARTITION BY} and {@code ORDER BY}, its alias, the name its {@code SELECT} reads, as the
 * statement writes them ({@code ParsedStatement.RankFunction}), so that a fix names only the
 * statement's columns and tables.
 */
final class RankFunctions {

    private RankFunctions() {}

    /** The rank function aliased {@code alias}, else the statement's first one. */
    static Optional<RankFunction> of(AnalysisContext context, String alias) {
        List<RankFunction> all = context.statement().facts().rankFunctions();
        return all.stream().filter(f -> f.alias().equals(alias)).findFirst().or(() -> all.stream().findFirst());
    }

    /** The statement's first rank function. */
    static Optional<RankFunction> first(AnalysisContext context) {
        return context.statement().facts().rankFunctions().stream().findFirst();
    }

    /** {@code ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn}, its ORDER BY replaced by {@code order}. */
    static String rowNumber(RankFunction function, List<String> order) {
        return "ROW_NUMBER() " + function.over(order) + (function.alias().isEmpty() ? "" : " AS " + function.alias());
    }

    /** The alias, or {@code rn} where the statement gives none (then the fix adds it). */
    static String alias(RankFunction function) {
        return function.alias().isEmpty() ? "rn" : function.alias();
    }

    /** {@code  FROM orders}, or empty when the SELECT does not read one name. */
    static String from(RankFunction function) {
        return function.from().isEmpty() ? "" : " FROM " + function.from();
    }
}
