package io.bindery.review.pdf;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.SignedUrls;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.content.BranchPages;
import io.bindery.review.access.ReviewAccess;
import io.bindery.review.changerequests.ChangeRequestRef;
import io.bindery.review.changerequests.ChangeRequests;
import io.bindery.review.client.ContentClient;
import io.bindery.review.client.SpaceAccess;
import io.bindery.review.pdf.ChangeRequestPdf.PdfPage;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * PDF exports of a change request's content: {@code GET …/pdf} answers the URL of the export, and that URL
 * renders the branch head's pages (or one page) from their markdown when it is fetched, so the PDF always shows
 * the change request as it is then. The URL is signed (valid for {@code bindery.signed-url.ttl}, an hour by
 * default), so it opens without a token, in a browser; with a token, reading the space is enough.
 */
@ApplicationScoped
public class PdfExports {
    @Inject
    ReviewAccess access;
    @Inject
    ChangeRequests changeRequests;
    @Inject
    ContentClient content;
    @Inject
    PublicUrls urls;
    @Inject
    SignedUrls signedUrls;

    /**
     * Bounds sized for the service's 96 MB heap: a render's working set grows with the markdown (about 1 MB of
     * markdown needs 128–256 MB), so a PDF holds at most 300,000 characters and 20,000 formatting elements (a
     * 100-page change request of typical pages is about 110,000 characters); one render runs at a time.
     */
    static final ChangeRequestPdf.Limits LIMITS = new ChangeRequestPdf.Limits(1_000, 200_000, 300_000, 20_000);

    private final ChangeRequestPdf renderer = new ChangeRequestPdf(LIMITS, List.of());
    private final Semaphore rendering = new Semaphore(1, true);

    /** A rendered PDF and the file name to offer. */
    public record Pdf(byte[] bytes, String fileName) {
    }

    /** {@code {url}} of the export; with {@code only=true}, of the one page {@code page} (which must exist). */
    public String url(String spaceId, String idOrNumber, String only, String page) {
        String pageId = onlyPage(only, page);
        Target target = target(spaceId, idOrNumber);
        if (pageId != null) {
            content.pages(target.space().spaceId(), target.changeRequest().id(), pageId, 1, 0); // 404 for a page not in it
        }
        String path = "/spaces/" + target.space().spaceId() + "/change-requests/" + target.changeRequest().id() + "/pdf/download";
        return urls.api(path) + "?" + signedUrls.sign("/v1" + path, pageId == null ? Map.of() : Map.of("page", pageId));
    }

    /** The PDF for a caller with a token: it must be able to read the space. */
    public Pdf render(String spaceId, String idOrNumber, String page) {
        Target target = target(spaceId, idOrNumber);
        return render(target.space().spaceId(), target.changeRequest(), page);
    }

    /**
     * The PDF for a signed URL (verified by the caller of this method): whoever got the URL from {@link #url}
     * could read the space then, so no role is asked now; the change request must still exist.
     */
    public Pdf renderSigned(String spaceId, String changeRequestId, String page) {
        ChangeRequestRef cr = QuarkusTransaction.requiringNew().call(() -> changeRequests.find(spaceId, changeRequestId));
        return render(spaceId, cr, page);
    }

    private Pdf render(String spaceId, ChangeRequestRef cr, String page) {
        if (page != null && page.isBlank()) {
            throw ApiException.badRequest("page must be a page id");
        }
        BranchPages export;
        try {
            export = content.pages(spaceId, cr.id(), page, LIMITS.maxPages(), LIMITS.maxTotalMarkdownChars());
        } catch (ApiException e) {
            if (e.status() == 400 && e.getMessage().startsWith("too large")) {
                throw tooLarge(e.getMessage());
            }
            throw e;
        }
        List<PdfPage> pages = new ArrayList<>();
        if (export.pages() != null) {
            export.pages().forEach(p -> pages.add(new PdfPage(Objects.requireNonNullElse(p.title(), ""), p.depth(),
                    Objects.requireNonNullElse(p.markdown(), ""))));
        }
        String title = cr.subject() == null || cr.subject().isBlank() ? "Change request #" + cr.number() : cr.subject();
        byte[] bytes;
        try {
            if (!rendering.tryAcquire(30, TimeUnit.SECONDS)) {
                throw new ApiException(503, "busy rendering other PDFs; try again shortly");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "interrupted while waiting to render");
        }
        try {
            bytes = renderer.render(title, pages);
        } catch (IllegalArgumentException e) {
            throw tooLarge(e.getMessage());
        } finally {
            rendering.release();
        }
        return new Pdf(bytes, "change-request-" + cr.number() + ".pdf");
    }

    private static ApiException tooLarge(String why) {
        return ApiException.badRequest("this change request is too large for one PDF (" + why
                + "); export pages one at a time with only=true&page=<page id>");
    }

    private record Target(SpaceAccess space, ChangeRequestRef changeRequest) {
    }

    private Target target(String spaceId, String idOrNumber) {
        SpaceAccess space = access.space(spaceId);
        return new Target(space, QuarkusTransaction.requiringNew().call(() -> changeRequests.find(space.spaceId(), idOrNumber)));
    }

    /** {@code only} is a boolean; with true, {@code page} is required. Without only, a page is ignored. */
    private static String onlyPage(String only, String page) {
        if (only == null || only.equals("false")) {
            return null;
        }
        if (!only.equals("true")) {
            throw ApiException.badRequest("only must be true or false");
        }
        if (page == null || page.isBlank()) {
            throw ApiException.badRequest("page is required with only=true: the id of the page to export");
        }
        return page;
    }
}
