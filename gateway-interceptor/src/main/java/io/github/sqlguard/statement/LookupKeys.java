package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * The columns by which a join reads a table {@code FOR SYSTEM_TIME AS OF} a time ({@code JOIN customers FOR SYSTEM_TIME
 * AS OF o.proc AS c ON o.email = c.email}: {@code email}): the columns of that table its condition equates with a
 * column of the other side. They are the lookup keys Flink keeps a lookup join's key by: Flink 2.3.0 {@code
 * FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable} compares the table's PRIMARY KEY with the targets of {@code
 * joinInfo.pairs()} (column equals column; an equality with a constant is no pair), and gives the join's result no
 * unique key from the table unless they hold the whole key. Read once, in the walk that collects the statement's facts
 * ({@link SqlFactsCollector}: {@link ParsedStatement.TableReference#lookupKeys}), from the tree Flink's parser read.
 * Stateless.
 */
public final class LookupKeys {

    private LookupKeys() {}

    /**
     * The columns of the input {@code name} (an alias, else the table's name: {@link HintInputName}) read {@code FOR
     * SYSTEM_TIME AS OF} in {@code statement} that its join's condition equates with a column of another input, in the
     * condition's order; empty where no such join reads it.
     */
    public static List<String> of(ParsedSql statement, String name) {
        for (ParsedStatement.TableReference reference : statement.facts().tableReferences()) {
            String named = reference.alias().isEmpty() ? reference.name() : reference.alias();
            if (reference.asOf().isPresent() && named.equals(name) && !reference.lookupKeys().isEmpty()) {
                return reference.lookupKeys();
            }
        }
        return List.of();
    }

    /**
     * The columns of the input {@code name} read {@code FOR SYSTEM_TIME AS OF} in {@code statement} that its join's
     * condition equates with a literal ({@link #constantsOfJoin}); empty where no such join reads it.
     */
    public static List<String> constants(ParsedSql statement, String name) {
        for (ParsedStatement.TableReference reference : statement.facts().tableReferences()) {
            String named = reference.alias().isEmpty() ? reference.name() : reference.alias();
            if (reference.asOf().isPresent() && named.equals(name) && !reference.lookupConstants().isEmpty()) {
                return reference.lookupConstants();
            }
        }
        return List.of();
    }

    /**
     * The lookup keys of {@code join}'s right side where it is read {@code FOR SYSTEM_TIME AS OF} a time (aliased or
     * not), named as {@link HintInputName} names it; empty otherwise.
     */
    static List<String> ofJoin(SqlJoin join) {
        return equatedColumns(join, LookupKeys::other);
    }

    /**
     * The columns of {@code join}'s right side, read {@code FOR SYSTEM_TIME AS OF} a time, that its condition equates
     * with a literal ({@code c.region = 'EU'}), in the condition's order; empty otherwise. Flink's lookup join looks the
     * table up by them too ({@code CommonPhysicalLookupJoin#allLookupKeys}: a {@code LookupJoinUtil.Constant} beside the
     * {@code FieldRef} of an input's column), so they bound the rows one input row matches; they are no pair of {@code
     * joinInfo.pairs()}, so Flink derives no key from them ({@link #ofJoin}).
     */
    static List<String> constantsOfJoin(SqlJoin join) {
        return equatedColumns(join, (operand, name) -> operand instanceof SqlLiteral);
    }

    /**
     * The columns of {@code join}'s right side, read {@code FOR SYSTEM_TIME AS OF} a time, that an equality of its
     * condition sets equal to an operand {@code equatedTo} accepts (given that operand and the right side's name as
     * {@link HintInputName} names it), once each, in the condition's order; empty where the right side is not read so.
     */
    private static List<String> equatedColumns(SqlJoin join, BiPredicate<SqlNode, String> equatedTo) {
        Optional<String> right = HintInputName.of(join.getRight());
        if (!asOf(join.getRight()) || right.isEmpty()) {
            return List.of();
        }
        String name = right.get();
        List<String> out = new ArrayList<>();
        for (SqlNode conjunct : Conjuncts.of(join.getCondition())) {
            if (conjunct.getKind() != SqlKind.EQUALS) {
                continue;
            }
            SqlNode a = ((SqlCall) conjunct).operand(0);
            SqlNode b = ((SqlCall) conjunct).operand(1);
            column(a, name).filter(c -> equatedTo.test(b, name)).or(() -> column(b, name).filter(c -> equatedTo.test(a, name)))
                    .filter(c -> !out.contains(c)).ifPresent(out::add);
        }
        return List.copyOf(out);
    }

    /** True for {@code t FOR SYSTEM_TIME AS OF x}, aliased or not. */
    private static boolean asOf(SqlNode item) {
        SqlNode inner = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
        return inner.getKind() == SqlKind.SNAPSHOT;
    }

    /** The column {@code node} names as {@code name.column}. */
    private static Optional<String> column(SqlNode node, String name) {
        return node instanceof SqlIdentifier id && id.names.size() == 2 && id.names.get(0).equals(name)
                ? Optional.of(id.names.get(1)) : Optional.empty();
    }

    /** True for a column of another input than {@code name}, qualified by it. */
    private static boolean other(SqlNode node, String name) {
        return node instanceof SqlIdentifier id && id.names.size() == 2 && !id.names.get(0).equals(name);
    }
}
