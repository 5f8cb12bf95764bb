package io.bindery.sites.observability;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.logging.MDC;

/** Test only: what a log line written while serving a request carries in its MDC. */
@Path("/test-only/log-context")
public class LogContextProbe {
    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String context() {
        return MDC.get("requestId") + " " + MDC.get("traceId");
    }
}
