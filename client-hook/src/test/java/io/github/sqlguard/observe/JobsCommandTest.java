package io.github.sqlguard.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class JobsCommandTest {

    @Test
    void printsEachJobWithItsOperatorsTrendsAndFindingStatuses() throws Exception {
        String body = "{\"observing\":true,\"jobs\":[{\"jobId\":\"4a5cd431aaff56be281b0f290ee89678\",\"kind\":\"INSERT\","
                + "\"verdict\":\"WARN\",\"outcome\":\"state-observed\",\"jobStatus\":\"RUNNING\",\"decisionId\":\"d-1\","
                + "\"reason\":null,\"operators\":[{\"operator\":\"GroupAggregate[15]\",\"trend\":\"growing\","
                + "\"stateBytes\":415563,\"bytesPerHour\":151075022,\"samples\":3,\"reachesThresholdInMs\":25576528,"
                + "\"thresholdBytes\":1073741824}],\"findings\":[{\"id\":\"stateful-without-ttl\",\"level\":\"WARN\","
                + "\"node\":\"GroupAggregate[15]\",\"status\":\"confirmed\"}],\"advisories\":[]}]}";

        String text = JobsCommand.text(new ObjectMapper().readTree(body));

        assertThat(text).isEqualTo(
                "job 4a5cd431aaff56be281b0f290ee89678  INSERT WARN  state-observed (RUNNING)  decision d-1\n"
                        + "  GroupAggregate[15]: growing, 405.8 KB, +144.1 MB/h over 3 samples, reaches 1.0 GB in 7.1 h\n"
                        + "  WARN stateful-without-ttl on GroupAggregate[15]: confirmed\n");
    }

    @Test
    void takesTheGatewayAsEndpointTooAsTheClientDoes() {
        // A new user who had run 'client --endpoint 127.0.0.1:8083' typed 'jobs --endpoint ...' and was told
        // "Missing required option: '--gateway=HOST:PORT'".
        JobsCommand endpoint = new JobsCommand();
        new CommandLine(endpoint).parseArgs("--endpoint", "127.0.0.1:8083");
        JobsCommand gateway = new JobsCommand();
        new CommandLine(gateway).parseArgs("--gateway", "127.0.0.1:8083");

        assertThat(endpoint.gateway).isEqualTo("127.0.0.1:8083");
        assertThat(gateway.gateway).isEqualTo("127.0.0.1:8083");
    }

    @Test
    void saysWhenTheGatewayDoesNotWatch() throws Exception {
        String text = JobsCommand.text(new ObjectMapper().readTree("{\"observing\":false,\"jobs\":[]}"));

        assertThat(text).contains("sql-guard.observe.enabled is false").contains("No job watched yet.");
    }
}
