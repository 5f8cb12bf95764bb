package io.bindery.deploy;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * insights-service's container base image (Apertium for its translations; Jib cannot install packages). The image
 * itself cannot be built here (no Docker daemon, no registry): these are the checks that can run offline.
 */
class InsightsBaseImageTest {
    static final Path REPO = HelmChartTest.REPO;

    @Test
    void recipeInstallsTheTranslationPairOnTheServicesJavaRelease() throws Exception {
        String dockerfile = Files.readString(REPO.resolve("insights-service/src/main/docker/Dockerfile.insights-base"));
        // the pair insights offers by default, as ./platform installs it
        assertTrue(dockerfile.contains("apt-get install") && dockerfile.contains(" apertium apertium-eng-spa"), dockerfile);
        assertTrue(dockerfile.contains("/usr/share/apertium/modes/eng-spa.mode"), "the build fails without the pair");
        // the Java runtime is the release the modules compile for
        Matcher release = Pattern.compile("<maven.compiler.release>(\\d+)</maven.compiler.release>").matcher(Files.readString(REPO.resolve("pom.xml")));
        assertTrue(release.find());
        assertTrue(dockerfile.contains("FROM eclipse-temurin:" + release.group(1) + "-jre"), "a Java " + release.group(1) + " runtime");
        // the chart runs every pod as uid 185 with a read-only root filesystem
        assertTrue(dockerfile.strip().lines().anyMatch(l -> l.equals("USER 185")), dockerfile);
        assertTrue(Files.readString(REPO.resolve("helm/bindery/values.yaml")).contains("runAsUser: 185"));
    }

    @Test
    void insightsNamesItAsJibsBaseImage() throws Exception {
        String pom = Files.readString(REPO.resolve("insights-service/pom.xml"));
        Matcher base = Pattern.compile("<quarkus\\.jib\\.base-jvm-image>([^<]+)</quarkus\\.jib\\.base-jvm-image>").matcher(pom);
        assertTrue(base.find(), "insights' pom sets quarkus.jib.base-jvm-image");
        assertEquals("registry.example.com/bindery/insights-base:21-apertium", base.group(1));
        String readme = Files.readString(REPO.resolve("README.md"));
        assertTrue(readme.contains("docker build -t <registry>/bindery/insights-base:21-apertium -f insights-service/src/main/docker/Dockerfile.insights-base"));
        assertTrue(readme.contains("-Dquarkus.jib.base-jvm-image=<registry>/bindery/insights-base:21-apertium"));
        // no other module changes its base image
        for (String module : GeneratedManifests.MODULES.keySet()) {
            assertTrue(!Files.readString(REPO.resolve(module + "/src/main/resources/application.properties")).contains("quarkus.jib"), module);
            if (!module.equals("insights-service")) {
                assertTrue(!Files.readString(REPO.resolve(module + "/pom.xml")).contains("quarkus.jib.base-jvm-image"), module);
            }
        }
    }
}
