package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.testing.GuardedGateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Every {@code conf/deployments/<name>/config.yaml} is a Flink configuration that Flink's own loader
 * reads, turns the guard on, names where jobs run, and carries a policy the guard accepts (a bad or
 * unknown {@code sql-guard.*} key would stop the gateway at start-up).
 */
class DeploymentConfigsTest {

    private static final Path DEPLOYMENTS = GuardedGateway.projectRoot().resolve("conf/deployments");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"embedded", "standalone", "docker", "kubernetes-session", "kubernetes-application"})
    void deploymentConfigTurnsTheGuardOnWithAValidPolicy(String deployment) {
        Map<String, String> config = load(deployment);

        assertThat(config).containsEntry("sql-gateway.endpoint.type", "guard").containsKey("execution.target");
        assertThatCode(() -> Policy.fromConfiguration(Configuration.fromMap(config), RuleCatalog.builtIn()))
                .doesNotThrowAnyException();
    }

    @Test
    void eachDeploymentRunsJobsWhereItsNameSays() {
        assertThat(load("embedded")).containsEntry("execution.target", "local");
        assertThat(load("standalone")).containsEntry("execution.target", "remote").containsKeys("rest.address", "rest.port");
        assertThat(load("docker")).containsEntry("execution.target", "remote").containsEntry("rest.address", "jobmanager");
        assertThat(load("kubernetes-session"))
                .containsEntry("execution.target", "kubernetes-session")
                .containsKey("kubernetes.cluster-id");
        assertThat(load("kubernetes-application")).containsEntry("execution.target", "kubernetes-application");
    }

    /** The deployment's config.yaml as Flink reads it ({@code GlobalConfiguration}). */
    static Map<String, String> load(String deployment) {
        Path dir = DEPLOYMENTS.resolve(deployment);
        assertThat(Files.isRegularFile(dir.resolve("config.yaml"))).as("%s/config.yaml", dir).isTrue();
        return GlobalConfiguration.loadConfiguration(dir.toString()).toMap();
    }
}
