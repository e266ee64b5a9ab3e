// audit-30 finding 24: the openDingTalkId regular expression against a JS port of upstream LooksLikeCurrentDOpenDingTalkID
// (internal/shortcut/targetresolver/resolver.go:304@c7521c1c) on random and mutated inputs. Run: node notes/audit-30-openid-check.mjs
const T = '(?:[A-Za-hj-z0-9]|i[iPS])';
const re = new RegExp(`^D(?:(?:${T}{32})+|(?:${T}{32})*${T}{10}[AEIMQUYcgkosw048]iE|(?:${T}{32})*${T}{21}[AQgw]iEiE)$`);
console.log(re.source);
function esc(s){return s.replace(/[i+/=]/g,c=>({i:'ii','+':'iP','/':'iS','=':'iE'})[c]);}
function unesc(v){let out='';for(let i=0;i<v.length;i++){const c=v[i];if(c!=='i'){if(!/[0-9A-Za-z]/.test(c))return null;out+=c;continue;}if(i+1>=v.length)return null;i++;const m={i:'i',P:'+',S:'/',E:'='}[v[i]];if(!m)return null;out+=m;}return out;}
function goLooks(value){value=value.trim();if(value.length<2||value[0]!=='D')return false;const enc=unesc(value.slice(1));if(enc===null)return false;
 // strict base64: canonical re-encode check
 if(!/^[A-Za-z0-9+/]*={0,2}$/.test(enc)||enc.length%4!==0)return false;const buf=Buffer.from(enc,'base64');if(buf.length===0||buf.length%8!==0)return false;return esc(buf.toString('base64'))===value.slice(1);}
let bad=0;
for(let t=0;t<20000;t++){
  const n=8*(1+Math.floor(Math.random()*7));const b=Buffer.alloc(n);for(let i=0;i<n;i++)b[i]=Math.floor(Math.random()*256);
  let v='D'+esc(b.toString('base64'));
  if(Math.random()<0.5){ // mutate
    const chars='ABCDiPSE=+/0aZz';const k=Math.floor(Math.random()*v.length);
    const r=Math.random();
    if(r<0.3) v=v.slice(0,k)+chars[Math.floor(Math.random()*chars.length)]+v.slice(k+1);
    else if(r<0.6) v=v.slice(0,k)+v.slice(k+1);
    else v=v.slice(0,k)+chars[Math.floor(Math.random()*chars.length)]+v.slice(k);
  }
  if(goLooks(v)!==re.test(v)){bad++; if(bad<5)console.log('mismatch',v,goLooks(v),re.test(v));}
}
for (const v of ['Dabc','D','u9','DingTalk123','D'+esc(Buffer.alloc(8,1).toString('base64'))]) console.log(v, goLooks(v), re.test(v));
console.log('mismatches',bad);
