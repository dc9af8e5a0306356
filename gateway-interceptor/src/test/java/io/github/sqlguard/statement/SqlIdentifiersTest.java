package io.github.sqlguard.statement;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SqlIdentifiersTest {

    @Test
    void lastNameDropsTheQualifierAndKeepsTheBackTicksAsWritten() {
        assertThat(SqlIdentifiers.lastName("user_id")).isEqualTo("user_id");
        assertThat(SqlIdentifiers.lastName("o.user_id")).isEqualTo("user_id");
        assertThat(SqlIdentifiers.lastName("default_catalog.default_database.orders")).isEqualTo("orders");
        assertThat(SqlIdentifiers.lastName("t.`ws`")).isEqualTo("`ws`");
    }

    @Test
    void aDotInsideBackTicksIsPartOfTheName() {
        assertThat(SqlIdentifiers.lastName("o.`a.b`")).isEqualTo("`a.b`");
        assertThat(SqlIdentifiers.lastName("`a.b`")).isEqualTo("`a.b`");
        assertThat(SqlIdentifiers.lastName("`o.x`.`a.b`")).isEqualTo("`a.b`");
        assertThat(SqlIdentifiers.lastName("o.`a``.b`")).isEqualTo("`a``.b`");
    }

    @Test
    void lastNameUnquotedIsTheNameAsTheCatalogHasIt() {
        assertThat(SqlIdentifiers.lastNameUnquoted("o.user_id")).isEqualTo("user_id");
        assertThat(SqlIdentifiers.lastNameUnquoted("t.`ws`")).isEqualTo("ws");
        assertThat(SqlIdentifiers.lastNameUnquoted("o.`a.b`")).isEqualTo("a.b");
        assertThat(SqlIdentifiers.lastNameUnquoted("o.`a``.b`")).isEqualTo("a`.b");
    }
}
