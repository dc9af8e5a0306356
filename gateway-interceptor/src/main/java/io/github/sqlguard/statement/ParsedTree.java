package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.util.Litmus;

import java.util.Objects;

/**
 * The tree Flink's SQL parser read from a statement's text ({@link StatementParser}), kept with the statement so that
 * what reads it later (a diagnosis of Flink's refusal, the names of a plan's messages) reads it, not the text again:
 * one parse per statement. Read only: nothing that is handed it changes it (a rewrite that changes a tree parses its
 * own copy, {@code rewrite.SqlTrees}). Equal to a tree of the same structure ({@link SqlNode#equalsDeep}), as two
 * readings of one text are, so that a statement stays a value.
 *
 * @param node the one statement's node, its positions those of the text it was read from
 */
public record ParsedTree(SqlNode node) {

    public ParsedTree {
        Objects.requireNonNull(node);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof ParsedTree other && node.equalsDeep(other.node, Litmus.IGNORE));
    }

    /** The node's kind: trees equal by structure have one. */
    @Override
    public int hashCode() {
        return node.getKind().hashCode();
    }

    @Override
    public String toString() {
        return "ParsedTree[" + node.getKind() + "]";
    }
}
