/**
 * The most common passwords that the default policy (6–10 half-width letters and digits) would otherwise accept,
 * drawn from public breach frequency lists and keyboard, name, sport, year and Cantonese/Mandarin-pinyin patterns.
 * Compared case-insensitively. A site that widens its policy still benefits: every entry is also refused there.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
123456 password 12345678 qwerty 123456789 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321
superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm
asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou charlie robert thomas
hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper zxcvbn 555555
11111111 131313 freedom 777777 maggie 159753 aaaaaa ginger princess joshua cheese amanda summer
ashley nicole chelsea matthew access yankees 987654321 dallas austin thunder taylor matrix
mobilemail monitor monitoring montana moscow william corvette martin heather secret merlin diamond
1234qwer gfhjkm hammer silver 222222 88888888 anthony justin bailey q1w2e3r4t5 patrick internet
scooter orange golfer cookie richard samantha bigdog guitar jackson whatever mickey chicken sparky
snoopy maverick phoenix camaro peanut morgan welcome falcon cowboy ferrari samsung andrea smokey
steelers joseph mercedes dakota arsenal eagles melissa boomer booboo spider nascar monster tigers
yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple banana junior
hannah 123654 porsche lakers iceman cowboys 987654 london tennis 999999 ncc1701 coffee scooby
miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver
redsox player nikita knight fender barney midnight please brandy chicago badboy slayer
rangers charles flower bigdaddy rabbit wizard jasper rachel steven winner adidas victoria
natasha 1q2w3e4r jasmine winter prince marine ghbdtn fishing cocacola casper 232323 raiders
888888 marlboro gandalf asdfasdf crystal 87654321 12344321 golden 8675309 barbie password1 passw0rd
p4ssw0rd pass123 pass1234 abc12345 abcd1234 a123456 a12345678 qwerty1 qwerty12 qwerty123 qwe123
1q2w3e 1q2w3e4r5t zaq12wsx admin123 changeme default welcome1 welcome123 letmein1 iloveyou1
sunshine1 princess1 monkey123 dragon123 football1 baseball1 master123 superman1 batman123 shadow123
hello123 test123 test1234 testtest user123 temp123 secret123 1password password12 123abc abc123456
aa123456 asd123 asdf1234 asdfghjkl zxcvbnm1 qazwsxedc 1qazxsw2 159357 147258369 147258 258456
123456a 123456q 12345a 12345qwert 1234abcd 11223344 112233445 123654789 1234512345 123789 135790
246810 741852963 963852741 789456123 456789 456123 7654321 76543210 0123456789 01234567 00000000
1111111 1212121212 123qweasd qweasd qweasdzxc qazxsw azerty azerty123 trustno11 starwars1 pokemon
pikachu naruto doraemon hellokitty snowball butterfly flowers lovely loveme iloveu mylove babygirl
baby123 sweety sweetheart angel123 angels beautiful family friends friend freedom1 god123 jesus1
christ blessed heaven hallo123 blink182 liverpool manchester chelsea1 arsenal1 barcelona realmadrid
juventus ronaldo beckham soccer1 football12 basketball hockey1 baseball12 yankees1 cowboys1 eagles1
lakers1 12qwaszx q1w2e3 qwertz qwertzuiop hongkong shanghai beijing taiwan london1 newyork france
germany canada sydney singapore 520520 521521 5201314 1314520 woaini woaini1314 aini1314 qq123456
wang123 zhang123 li123456 passwd secret1 private public access14 letmein123 mypassword mypass
password01 password00 pa55word p455w0rd pa55w0rd passpass qwerty11 qwerty01 1qw23e 123ewq 321321
159951 753951 852456 1593570 zxc123 zxcv1234 asdzxc 123asd 123zxc abcdef abcdefg abcdefgh abc123abc
aaa111 aaaa1111 a1b2c3 a1b2c3d4 1a2b3c abcabc 1234asdf internet1 computer1 samsung1 iphone apple123
google google123 facebook hotmail microsoft windows ubuntu oracle server system service support
office manager account finance money123 insurance invest investor advisor client customer member
welcome12 portal portal123 angel1 summer1 winter1 spring autumn monday friday january december
19901990 19851985 19801980 20002000 20202020 20212021 20222022 20232023 20242024 20252025
qwerty1234 qwertyui asdfghj zxcvbnm123 1234567a 12345678a 123456789a killer1 hunter1 hunter2
tigger1 charlie1 jordan23 michael1 jennifer1 jessica1 ashley1 daniel1 thomas1 robert1 matthew1
andrew1 joshua1 nicole1 anthony1 justin1 william1 hannah1 harley1 ranger1 buster1 pepper1 ginger1
maggie1 cheese1 cookie1 chicken1 monkey1 dragon1 mustang1 shadow1 master1 michelle1 jackson1
orange1 purple1 silver1 golden1 diamond1 crystal1 yellow1 banana1 coffee1 chocolate vanilla cherry
strawberry
`
    .split(/\s+/)
    .filter(Boolean),
);
