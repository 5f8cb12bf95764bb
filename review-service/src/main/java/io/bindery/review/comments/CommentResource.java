package io.bindery.review.comments;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.lists.ListPage;
import io.bindery.review.comments.CommentViews.CommentView;
import io.bindery.review.comments.CommentViews.ReplyView;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.List;

/**
 * Comments and replies, on a space ({@code /spaces/{s}/comments/**}) and on a change request
 * ({@code /spaces/{s}/change-requests/{cr}/comments/**}): the same operations on two threads.
 */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class CommentResource {
    @Inject
    Comments comments;
    @Inject
    CommentReplies replies;

    // --- comments on a space

    @GET
    @Path("/spaces/{spaceId}/comments")
    public ListPage<CommentView> spaceList(@PathParam("spaceId") String spaceId, @QueryParam("page") String page, @QueryParam("limit") String limit, @QueryParam("order") String order, @QueryParam("status") String status, @QueryParam("format") String format, @QueryParam("targetPage") String targetPage, @QueryParam("authors") List<String> authors) {
        return comments.list(comments.thread(spaceId, null), new Comments.ListQuery(page, limit, order, status, format, targetPage, authors(authors)));
    }

    @POST
    @Path("/spaces/{spaceId}/comments")
    public CommentView spacePost(@PathParam("spaceId") String spaceId, @QueryParam("format") String format, JsonNode body) {
        return comments.create(comments.thread(spaceId, null), body, format);
    }

    @GET
    @Path("/spaces/{spaceId}/comments/{commentId}")
    public CommentView spaceGet(@PathParam("spaceId") String spaceId, @PathParam("commentId") String commentId, @QueryParam("format") String format) {
        return comments.get(comments.thread(spaceId, null), commentId, format);
    }

    @PUT
    @Path("/spaces/{spaceId}/comments/{commentId}")
    public CommentView spaceUpdate(@PathParam("spaceId") String spaceId, @PathParam("commentId") String commentId, @QueryParam("format") String format, JsonNode body) {
        return comments.update(comments.thread(spaceId, null), commentId, body, format);
    }

    @DELETE
    @Path("/spaces/{spaceId}/comments/{commentId}")
    public Response spaceDelete(@PathParam("spaceId") String spaceId, @PathParam("commentId") String commentId) {
        comments.delete(comments.thread(spaceId, null), commentId);
        return Response.noContent().build();
    }

    @GET
    @Path("/spaces/{spaceId}/comments/{commentId}/replies")
    public ListPage<ReplyView> spaceListReplies(@PathParam("spaceId") String spaceId, @PathParam("commentId") String commentId, @QueryParam("page") String page, @QueryParam("limit") String limit, @QueryParam("format") String format) {
        return replies.list(comments.thread(spaceId, null), commentId, page, limit, format);
    }

    @POST
    @Path("/spaces/{spaceId}/comments/{commentId}/replies")
    public ReplyView spacePostReply(@PathParam("spaceId") String spaceId, @PathParam("commentId") String commentId, @QueryParam("format") String format, JsonNode body) {
        return replies.create(comments.thread(spaceId, null), commentId, body, format);
    }

    @GET
    @Path("/spaces/{spaceId}/comments/{commentId}/replies/{replyId}")
    public ReplyView spaceGetReply(@PathParam("spaceId") String spaceId, @PathParam("commentId") String commentId, @PathParam("replyId") String replyId, @QueryParam("format") String format) {
        return replies.get(comments.thread(spaceId, null), commentId, replyId, format);
    }

    @PUT
    @Path("/spaces/{spaceId}/comments/{commentId}/replies/{replyId}")
    public ReplyView spaceUpdateReply(@PathParam("spaceId") String spaceId, @PathParam("commentId") String commentId, @PathParam("replyId") String replyId, @QueryParam("format") String format, JsonNode body) {
        return replies.update(comments.thread(spaceId, null), commentId, replyId, body, format);
    }

    @DELETE
    @Path("/spaces/{spaceId}/comments/{commentId}/replies/{replyId}")
    public Response spaceDeleteReply(@PathParam("spaceId") String spaceId, @PathParam("commentId") String commentId, @PathParam("replyId") String replyId) {
        replies.delete(comments.thread(spaceId, null), commentId, replyId);
        return Response.noContent().build();
    }

    // --- comments on a change request

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/comments")
    public ListPage<CommentView> changeRequestList(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId, @QueryParam("page") String page, @QueryParam("limit") String limit, @QueryParam("order") String order, @QueryParam("status") String status, @QueryParam("format") String format, @QueryParam("targetPage") String targetPage, @QueryParam("authors") List<String> authors) {
        return comments.list(comments.thread(spaceId, changeRequestId), new Comments.ListQuery(page, limit, order, status, format, targetPage, authors(authors)));
    }

    @POST
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/comments")
    public CommentView changeRequestPost(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId, @QueryParam("format") String format, JsonNode body) {
        return comments.create(comments.thread(spaceId, changeRequestId), body, format);
    }

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}")
    public CommentView changeRequestGet(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId, @PathParam("commentId") String commentId, @QueryParam("format") String format) {
        return comments.get(comments.thread(spaceId, changeRequestId), commentId, format);
    }

    @PUT
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}")
    public CommentView changeRequestUpdate(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId, @PathParam("commentId") String commentId, @QueryParam("format") String format, JsonNode body) {
        return comments.update(comments.thread(spaceId, changeRequestId), commentId, body, format);
    }

    @DELETE
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}")
    public Response changeRequestDelete(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId, @PathParam("commentId") String commentId) {
        comments.delete(comments.thread(spaceId, changeRequestId), commentId);
        return Response.noContent().build();
    }

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies")
    public ListPage<ReplyView> changeRequestListReplies(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId, @PathParam("commentId") String commentId, @QueryParam("page") String page, @QueryParam("limit") String limit, @QueryParam("format") String format) {
        return replies.list(comments.thread(spaceId, changeRequestId), commentId, page, limit, format);
    }

    @POST
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies")
    public ReplyView changeRequestPostReply(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId, @PathParam("commentId") String commentId, @QueryParam("format") String format, JsonNode body) {
        return replies.create(comments.thread(spaceId, changeRequestId), commentId, body, format);
    }

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{replyId}")
    public ReplyView changeRequestGetReply(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId, @PathParam("commentId") String commentId, @PathParam("replyId") String replyId, @QueryParam("format") String format) {
        return replies.get(comments.thread(spaceId, changeRequestId), commentId, replyId, format);
    }

    @PUT
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{replyId}")
    public ReplyView changeRequestUpdateReply(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId, @PathParam("commentId") String commentId, @PathParam("replyId") String replyId, @QueryParam("format") String format, JsonNode body) {
        return replies.update(comments.thread(spaceId, changeRequestId), commentId, replyId, body, format);
    }

    @DELETE
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{replyId}")
    public Response changeRequestDeleteReply(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId, @PathParam("commentId") String commentId, @PathParam("replyId") String replyId) {
        replies.delete(comments.thread(spaceId, changeRequestId), commentId, replyId);
        return Response.noContent().build();
    }

    /** {@code authors} may repeat ({@code authors=a&authors=b}) or list ids separated by commas. */
    static List<String> authors(List<String> raw) {
        List<String> out = new ArrayList<>();
        if (raw != null) {
            for (String value : raw) {
                for (String id : value.split(",")) {
                    if (!id.isBlank()) {
                        out.add(id.strip());
                    }
                }
            }
        }
        return out;
    }
}
