package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

/** {@link Auditor#sha256}: the statement hash of every audit record, with a digest kept per thread. */
class AuditorHashTest {

    @Test
    void isTheHexSha256OfTheUtf8Text() {
        // echo -n 'SELECT 1' | sha256sum; and of the empty text.
        assertThat(Auditor.sha256("SELECT 1"))
                .isEqualTo("e004ebd5b5532a4b85984a62f8ad48a81aa3460c1ca07701f386135d72cdecf5");
        assertThat(Auditor.sha256(""))
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        // The kept digest starts afresh for every text.
        assertThat(Auditor.sha256("SELECT 1")).isEqualTo(Auditor.sha256("SELECT 1"));
    }

    @Test
    void threadsDoNotMixTheirTexts() {
        List<CompletableFuture<Boolean>> checks =
                IntStream.range(0, 8)
                        .mapToObj(t -> CompletableFuture.supplyAsync(() -> {
                            String expected = Auditor.sha256("statement " + t);
                            for (int i = 0; i < 2_000; i++) {
                                if (!Auditor.sha256("statement " + t).equals(expected)) {
                                    return false;
                                }
                            }
                            return true;
                        }))
                        .toList();
        assertThat(checks).allSatisfy(c -> assertThat(c.join()).isTrue());
    }
}
