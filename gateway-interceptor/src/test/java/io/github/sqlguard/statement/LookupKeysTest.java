package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The columns a join reads a table FOR SYSTEM_TIME AS OF by: those its condition equates with another input's column,
 * as Flink's lookup keys are the targets of {@code joinInfo.pairs()} (an equality with a constant is none).
 */
class LookupKeysTest {

    private final StatementParser parser = new StatementParser();

    @Test
    void readsTheColumnsEquatedWithTheOtherInputNotWithAConstant() {
        String sql = "INSERT INTO s SELECT o.order_id, c.region FROM orders AS o"
                + " LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.email = c.email AND c.region = 'EU'";
        assertThat(LookupKeys.of(parser.parse(sql), "c")).containsExactly("email");
    }

    @Test
    void readsAnUnaliasedTableByItsNameEitherSideOfTheEquality() {
        String sql = "SELECT orders.order_id FROM orders JOIN customers FOR SYSTEM_TIME AS OF orders.proc"
                + " ON orders.customer_id = customers.customer_id AND customers.region = orders.region";
        assertThat(LookupKeys.of(parser.parse(sql), "customers")).containsExactly("customer_id", "region");
    }

    @Test
    void readsNoneOfARegularJoin() {
        String sql = "SELECT o.order_id FROM orders AS o JOIN customers AS c ON o.customer_id = c.customer_id";
        assertThat(LookupKeys.of(parser.parse(sql), "c")).isEmpty();
    }
}
