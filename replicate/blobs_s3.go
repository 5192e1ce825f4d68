package replicate

import (
	"context"
	"fmt"
	"os"
	"path"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// s3Blobs keeps media files as objects next to Litestream's, with the same credentials.
type s3Blobs struct {
	bucket, prefix string
	opts           s3.Options

	once   sync.Once
	client *s3.Client
}

func newS3Blobs(bucket, prefix, region, endpoint, key, secret string) *s3Blobs {
	if region == "" {
		region = "us-east-1"
	}
	o := s3.Options{Region: region}
	if key != "" {
		o.Credentials = credentials.NewStaticCredentialsProvider(key, secret, "")
	}
	if endpoint != "" {
		o.BaseEndpoint = aws.String(endpoint)
		o.UsePathStyle = true
	}
	return &s3Blobs{bucket: bucket, prefix: prefix, opts: o}
}

func (b *s3Blobs) s3() *s3.Client {
	b.once.Do(func() { b.client = s3.New(b.opts) })
	return b.client
}

func (b *s3Blobs) names(ctx context.Context) (map[string]bool, error) {
	out := map[string]bool{}
	p := s3.NewListObjectsV2Paginator(b.s3(), &s3.ListObjectsV2Input{Bucket: aws.String(b.bucket), Prefix: aws.String(b.prefix + "/")})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("list s3://%s/%s: %w", b.bucket, b.prefix, err)
		}
		for _, o := range page.Contents {
			out[path.Base(aws.ToString(o.Key))] = true
		}
	}
	return out, nil
}

func (b *s3Blobs) put(ctx context.Context, name, src string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	_, err = b.s3().PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(b.bucket), Key: aws.String(path.Join(b.prefix, blobKey(name))),
		Body: f, ContentLength: aws.Int64(info.Size()),
	})
	if err != nil {
		return fmt.Errorf("put s3://%s/%s: %w", b.bucket, path.Join(b.prefix, blobKey(name)), err)
	}
	return nil
}

func (b *s3Blobs) get(ctx context.Context, name, dst string) error {
	out, err := b.s3().GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(b.bucket), Key: aws.String(path.Join(b.prefix, blobKey(name)))})
	if err != nil {
		return fmt.Errorf("get s3://%s/%s: %w", b.bucket, path.Join(b.prefix, blobKey(name)), err)
	}
	defer out.Body.Close()
	return writeChecked(out.Body, name, dst)
}
