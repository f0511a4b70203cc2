package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * {@code report.html} of a small sweep in a real browser: Debian's headless chromium, driven by its
 * own chromedriver (nothing is downloaded; {@code .ci/run} installs both). The page loads from a
 * {@code file:} URL, shows one image per plotted figure, every image decoded, and logs no error.
 */
final class SweepReportBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir
    Path temp;

    @Test
    void theReportLoadsAndShowsEveryPlotWithoutAnError() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "no " + CHROMIUM + " or " + CHROMEDRIVER + ": apt-get install -y chromium chromium-driver "
                        + "(.ci/run does) to check report.html in a browser");
        CliHarness cli = new CliHarness(CliHarness.repositoryRoot());
        Path sweep = Files.writeString(temp.resolve("grid.yaml"), PlotCommandTest.GRID
                .replace("metrics: [throughput, latency.p99]", "metrics: [throughput, latency.p99, faults.total]")
                .replace("replications: 2", "replications: 1") + "description: \"<script>console.error('injected')</script>\"\n");
        Path out = temp.resolve("grid");
        assertThat(cli.run("sweep", sweep.toString(), "--plugins", temp.resolve("no-plugins").toString(), "--out",
                out.toString(), "--no-progress")).as(cli.err()).isZero();
        long plots;
        try (var files = Files.list(out.resolve("plots"))) {
            plots = files.filter(p -> p.toString().endsWith(".png")).count();
        }
        assertThat(plots).isEqualTo(3);

        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + Files.createDirectory(temp.resolve("profile")));
        LoggingPreferences logging = new LoggingPreferences();
        logging.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logging);
        ChromeDriver browser = new ChromeDriver(service, options);
        try {
            browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
            browser.get(out.resolve("report.html").toUri().toString());

            assertThat(browser.getTitle()).isEqualTo("grid — iopf sweep");
            List<WebElement> images = browser.findElements(By.tagName("img"));
            assertThat(images).hasSize((int) plots);
            for (WebElement image : images) {
                Object loaded = browser.executeScript(
                        "return arguments[0].complete && arguments[0].naturalWidth > 0", image);
                assertThat(loaded).as(image.getAttribute("alt")).isEqualTo(true);
            }
            assertThat(browser.findElements(By.tagName("script"))).as("the description's script is text").isEmpty();
            assertThat(browser.findElement(By.tagName("body")).getText()).contains("console.error('injected')");
            List<LogEntry> severe = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
            assertThat(severe).isEmpty();
        } finally {
            browser.quit();
            service.stop();
        }
    }
}
