package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.SqlScript;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

import org.apache.flink.configuration.GlobalConfiguration;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link SecretTriggers} clears a text only where {@link Redactor#maskSecrets}' regular expressions change
 * nothing: over generated texts with and without secrets (keys that name one, in any case and with characters
 * outside US-ASCII that lower-case to a letter of one, {@code 'key' = 'value'} pairs, {@code key=value} entries,
 * secret parameters, a URI's user information, among other SQL and random characters) and over every statement
 * of the case corpus, the masked text with the check is the one of the regular expressions alone.
 */
class SecretTriggersTest {

    @Property(tries = 5000)
    void aTextTheCheckClearsIsOneTheMasksLeaveAsItIs(@ForAll("texts") String text) {
        String masked = Redactor.maskAll(text);
        Statistics.label("masked").collect(!masked.equals(text));
        Statistics.label("cleared").collect(!SecretTriggers.mayHoldSecret(text));
        assertThat(Redactor.maskSecrets(text)).isEqualTo(masked);
        if (!SecretTriggers.mayHoldSecret(text)) {
            assertThat(masked).isEqualTo(text);
        }
        Statistics.label("masked").coverage(coverage -> coverage.check(true).percentage(p -> p > 10));
        Statistics.label("cleared").coverage(coverage -> coverage.check(true).percentage(p -> p > 10));
    }

    @Example
    void everyWordThatNamesASecretHoldsATrigger() throws Exception {
        List<String> words = new ArrayList<>(List.of(strings(Redactor.class, "SENSITIVE")));
        words.addAll(List.of(strings(GlobalConfiguration.class, "SENSITIVE_KEYS")));
        // The words of Redactor's secret parameters (SECRET_IN_VALUE, SECRET_PARAMETER), at their shortest.
        words.addAll(List.of("pass", "pwd", "secret", "token", "apikey", "accesskey", "credential", "privatekey", "sig"));
        for (String word : words) {
            assertThat(SecretTriggers.mayHoldSecret(word + "=x")).as(word).isTrue();
            assertThat(SecretTriggers.mayHoldSecret(word.toUpperCase(Locale.ROOT) + ": x")).as(word).isTrue();
            assertThat(Redactor.isSensitive(word) || Redactor.hasSecretInside(word + "=")).as(word).isTrue();
        }
        for (String trigger : SecretTriggers.WORDS) {
            assertThat(trigger).doesNotEndWith("i").matches("[a-z]+");
        }
    }

    @Example
    void everyStatementOfTheCorpusIsMaskedAsByTheRegularExpressionsAlone() throws Exception {
        int statements = 0;
        int cleared = 0;
        for (Path file : CaseCorpus.all()) {
            for (String sql : SqlScript.read(file).statements()) {
                assertThat(Redactor.maskSecrets(sql)).as(sql).isEqualTo(Redactor.maskAll(sql));
                statements++;
                cleared += SecretTriggers.mayHoldSecret(sql) ? 0 : 1;
            }
        }
        assertThat(statements).isGreaterThan(1_000);
        assertThat(cleared).isGreaterThan(statements / 2);
    }

    @Example
    void aKeyWithACharacterThatLowerCasesToOneOfItsLettersIsNotCleared() {
        assertThat(Redactor.isSensitive("api\u212Aey")).isTrue();
        assertThat(SecretTriggers.mayHoldSecret("'api\u212Aey' = 'v'")).isTrue();
        assertThat(Redactor.maskSecrets("'api\u212Aey' = 'v'")).isEqualTo("'api\u212Aey' = " + Redactor.MASK);
        assertThat(SecretTriggers.mayHoldSecret("SET 'table.exec.state.ttl' = '1 h'")).isFalse();
        assertThat(SecretTriggers.mayHoldSecret("SHOW TABLES")).isFalse();
    }

    private static String[] strings(Class<?> owner, String name) throws Exception {
        Field field = owner.getDeclaredField(name);
        field.setAccessible(true);
        return (String[]) field.get(null);
    }

    @Provide
    Arbitrary<String> texts() {
        return fragment().list().ofMaxSize(14).map(parts -> String.join("", parts));
    }

    private static Arbitrary<String> fragment() {
        Arbitrary<String> secretWord = Arbitraries.of(
                "password", "passwd", "pwd", "secret", "token", "jaas.config", "credentials", "private-key",
                "access_key", "api.key", "apikey", "keystore", "ssl.key", "signature", "sig", "basic.auth",
                "user.info", "userinfo", "auth-params", "service-key", "http-headers", "fs.azure.account.key");
        Arbitrary<String> word = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, secretWord.flatMap(SecretTriggersTest::spelled)),
                net.jqwik.api.Tuple.of(3, Arbitraries.of(
                        "table.exec.state.ttl", "connector", "datagen", "pipeline.name", "SELECT", "1 h", "path",
                        "url", "jdbc:mysql://host:3306/db", "user", "kafka", "format", "SET", "WITH", "t", "pass",
                        "key", "api", "sign", "info", "s3://bucket/dir", "host", "x")),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().ofMaxLength(4)));
        Arbitrary<String> separator = Arbitraries.of(
                "=", " = ", ":", ": ", "'", "''", "`", "\"", "(", ")", "{", "}", "[", "]", ",", " ", "\n", "://", "@",
                "-- ", "?", "&", ";", ".", "-", "_", "U&'");
        Arbitrary<String> pair = Combinators.combine(word, word)
                .as((key, value) -> "'" + key + "' = '" + value + "'");
        Arbitrary<String> entry = Combinators.combine(word, word).as((key, value) -> key + "=" + value);
        Arbitrary<String> userInfo = Combinators.combine(word, word).as((user, pw) -> "s3://" + user + ":" + pw + "@host/x");
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, word),
                net.jqwik.api.Tuple.of(5, separator),
                net.jqwik.api.Tuple.of(2, pair),
                net.jqwik.api.Tuple.of(2, entry),
                net.jqwik.api.Tuple.of(1, userInfo),
                net.jqwik.api.Tuple.of(1, Arbitraries.chars().all().map(String::valueOf)));
    }

    /** {@code word} in any case, with characters outside US-ASCII that lower-case to one of its letters. */
    private static Arbitrary<String> spelled(String word) {
        return Arbitraries.integers().between(0, 4).map(form -> switch (form) {
            case 0 -> word;
            case 1 -> word.toUpperCase(Locale.ROOT);
            case 2 -> word.replace('k', '\u212A');
            case 3 -> word.toUpperCase(Locale.ROOT).replace('I', '\u0130');
            default -> Character.toUpperCase(word.charAt(0)) + word.substring(1);
        });
    }
}
